// Voice agents: an agent's voice settings (the Voice tab; saving syncs the agent's assistant at the voice provider,
// whose id — the agent's `vapi.id` — only the server writes), the workspace's phone numbers (search, buy, import an
// own Twilio number, assign one agent for inbound calls, release), test calls ("Call me" and a browser call), and
// the two endpoints the voice provider calls: the agent's custom LLM (OpenAI-compatible chat completions, answered by
// the conversation engine) and its webhook (call status, transcripts, tool calls, end-of-call reports, assistant
// requests), verified by its secret header.
import { z } from 'zod';
import { regionSchema } from '../region';
import { voiceConfigSchema } from '../schemas/agent';
import { e164Schema, phoneNumberSchema, VOICE_MESSAGES } from '../schemas/voice';
import { agentIdSchema, callable, endpoint, workspaceIdSchema } from './contract';

export { VOICE_MESSAGES } from '../schemas/voice';

/** The header the voice provider sends its webhook secret in (Vapi's server secret). */
export const VOICE_WEBHOOK_SECRET_HEADER = 'x-vapi-secret';

const agentRef = { region: regionSchema, agentId: agentIdSchema };
const workspaceRef = { region: regionSchema, workspaceId: workspaceIdSchema };
export const phoneNumberIdSchema = z.string().regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/, 'Phone number ids are 1 to 128 letters, digits, - or _.');

/** The agent's voice-call settings beside voiceConfig (Voice → Advanced), as stored on the agent. */
export const voiceCallSettingsSchema = z.object({
  enableVapiOnWeb: z.boolean().optional(),
  /** A web call answers with the agent's own prompt (true) or with promptOnWeb. */
  overrideWithVG: z.boolean().optional(),
  promptOnWeb: z.string().max(20_000).optional(),
  /** USD the agent's calls may cost per month (0 or unset: no cap). */
  maxCostMonthly: z.number().nonnegative().optional(),
  /** Minutes the agent's calls may last per month (0 or unset: no cap). */
  maxMinutesMonthly: z.number().nonnegative().optional(),
  // UI voice labels
  question: z.string().max(200).optional(),
  continueBtnLabel: z.string().max(60).optional(),
  dismissBtnLabel: z.string().max(60).optional(),
});
export type VoiceCallSettings = z.infer<typeof voiceCallSettingsSchema>;

/**
 * Callable saveVoiceConfig: stores voiceConfig and the call settings on the agent and creates or updates its
 * assistant at the voice provider (the answer names it; the agent's `vapi.id` is written here only). Members of the
 * agent's workspace and clients allowed '/voice'. A refusal of the provider is `failed-precondition` with its reason.
 */
export const saveVoiceConfig = callable('saveVoiceConfig', {
  signInMessage: 'You must be signed in to save the voice settings.',
  input: z.object({ ...agentRef, voiceConfig: voiceConfigSchema, settings: voiceCallSettingsSchema.default({}) }),
  output: z.object({ assistantId: z.string() }),
});

/** Callable getVoiceConfig: the agent's voice settings, its assistant id (null before the first save) and its numbers. */
export const getVoiceConfig = callable('getVoiceConfig', {
  signInMessage: 'You must be signed in to see the voice settings.',
  input: z.object(agentRef),
  output: z.object({
    voiceConfig: voiceConfigSchema,
    settings: voiceCallSettingsSchema,
    assistantId: z.string().nullable(),
    numbers: z.array(phoneNumberSchema),
  }),
});

/** The workspace's numbers and its slots (twilioPhoneNumberSlots: included plus add-ons). */
export const listPhoneNumbers = callable('listPhoneNumbers', {
  signInMessage: 'You must be signed in to see your phone numbers.',
  input: z.object(workspaceRef),
  output: z.object({ numbers: z.array(phoneNumberSchema), slots: z.object({ used: z.number(), limit: z.number() }) }),
});

export const availableNumberSchema = z.object({ number: z.string(), friendlyName: z.string(), locality: z.string(), region: z.string(), country: z.string() });

/** Callable searchPhoneNumbers: numbers for sale by country (ISO, e.g. US) and optional area code. */
export const searchPhoneNumbers = callable('searchPhoneNumbers', {
  signInMessage: 'You must be signed in to search phone numbers.',
  input: z.object({
    ...workspaceRef,
    country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, VOICE_MESSAGES.countryIso),
    areaCode: z.string().trim().regex(/^\d{2,5}$/, VOICE_MESSAGES.areaCode).optional(),
  }),
  output: z.object({ numbers: z.array(availableNumberSchema) }),
});

/**
 * Callable buyPhoneNumber: buys the number on the platform's Twilio account and connects it to the voice provider;
 * refused (`resource-exhausted`) beyond the plan's twilioPhoneNumberSlots with how to get more. Workspace members only.
 */
export const buyPhoneNumber = callable('buyPhoneNumber', {
  signInMessage: 'You must be signed in to buy a phone number.',
  input: z.object({ ...workspaceRef, number: e164Schema, country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, VOICE_MESSAGES.countryIso).optional(), agentId: agentIdSchema.optional() }),
  output: z.object({ phoneNumber: phoneNumberSchema }),
});

/**
 * Callable importTwilioNumber: a number of the workspace's own Twilio account (its SID and auth token are checked
 * against Twilio, then kept in the number's private document); counts against the same slots.
 */
export const importTwilioNumber = callable('importTwilioNumber', {
  signInMessage: 'You must be signed in to import a phone number.',
  input: z.object({
    ...workspaceRef,
    number: e164Schema,
    accountSid: z.string().trim().regex(/^AC[0-9a-fA-F]{32}$/, VOICE_MESSAGES.accountSid),
    authToken: z.string().trim().min(8, VOICE_MESSAGES.authToken).max(200, VOICE_MESSAGES.authToken),
    agentId: agentIdSchema.optional(),
  }),
  output: z.object({ phoneNumber: phoneNumberSchema }),
});

/** Callable assignPhoneNumber: the agent (of the same workspace) that answers the number's inbound calls, or none. */
export const assignPhoneNumber = callable('assignPhoneNumber', {
  signInMessage: 'You must be signed in to assign a phone number.',
  input: z.object({ region: regionSchema, phoneNumberId: phoneNumberIdSchema, agentId: agentIdSchema.nullable() }),
  output: z.object({ phoneNumber: phoneNumberSchema }),
});

/** Callable releasePhoneNumber: disconnects the number from the voice provider and releases it (a bought one at Twilio). */
export const releasePhoneNumber = callable('releasePhoneNumber', {
  signInMessage: 'You must be signed in to release a phone number.',
  input: z.object({ region: regionSchema, phoneNumberId: phoneNumberIdSchema }),
  output: z.object({ released: z.literal(true) }),
});

/**
 * Callable startTestCall ("Call me"): the agent calls the number given (E.164; one without the + is refused with the
 * sentence asking for the country code) from one of its numbers. Counted against the workspace's concurrent calls and paid like any call.
 */
export const startTestCall = callable('startTestCall', {
  signInMessage: 'You must be signed in to place a test call.',
  input: z.object({ ...agentRef, phoneNumber: e164Schema }),
  output: z.object({ callId: z.string(), conversationId: z.string() }),
});

/** Callable startWebCall: a browser call with the agent (the test call's browser half); the web client joins webCallUrl. */
export const startWebCall = callable('startWebCall', {
  signInMessage: 'You must be signed in to start a web call.',
  input: z.object(agentRef),
  output: z.object({ callId: z.string(), conversationId: z.string(), webCallUrl: z.string() }),
});

// ---------------------------------------------------------------- what the voice provider calls

const jsonObject = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'The body must be a JSON object.');

const openAiMessageSchema = z.object({ role: z.string(), content: z.union([z.string(), z.array(z.unknown()), z.null()]).optional() }).loose();

/**
 * POST /v2/voice/{region}/agents/{agentId}/llm/chat/completions (the region in the path: the provider appends
 * /chat/completions to the URL it is given): the agent's custom LLM, called by the voice provider with
 * the agent's voice secret as bearer (401 otherwise). The last caller line is answered by the conversation engine
 * (knowledge, tools, flow steps, credits) in the call's conversation; `stream: true` answers OpenAI's
 * chat.completion.chunk Server-Sent Events and `data: [DONE]`.
 */
export const voiceLlm = endpoint('voiceLlm', 'POST', '/v2/voice/:region/agents/:agentId/llm/chat/completions', 'bearer', {
  params: z.object({ region: regionSchema, agentId: agentIdSchema }),
  body: z
    .object({
      model: z.string().max(200).optional(),
      messages: z.array(openAiMessageSchema).max(500).default([]),
      stream: z.boolean().optional(),
      /** The call this turn belongs to (the provider's call object). */
      call: z.object({ id: z.string().min(1).max(200) }).loose().optional(),
    })
    .loose(),
  output: z.object({ id: z.string(), object: z.literal('chat.completion'), created: z.number(), model: z.string(), choices: z.array(jsonObject) }).loose(),
});

/**
 * POST /v2/voice/webhook: the voice provider's server messages `{ message: { type, call, … } }`, verified by
 * VOICE_WEBHOOK_SECRET_HEADER (401, nothing stored, otherwise). Each event is processed once (call id + type).
 * assistant-request answers `{ assistantId }` or `{ error }` (the sentence the caller hears); tool-calls answers
 * `{ results }`; the others `{ ok: true }`.
 */
export const voiceWebhook = endpoint('voiceWebhook', 'POST', '/v2/voice/webhook', 'public', {
  query: z.object({ region: regionSchema.default('na') }),
  body: z.object({ message: z.object({ type: z.string().max(100) }).loose() }).loose(),
  output: z.union([
    z.object({ ok: z.literal(true) }),
    z.object({ assistantId: z.string() }),
    // An inbound call on a number of another provider account is answered by the assistant given whole (transient).
    z.object({ assistant: z.record(z.string(), z.unknown()) }),
    z.object({ error: z.string() }),
    z.object({ results: z.array(z.object({ toolCallId: z.string(), name: z.string(), result: z.string() })) }),
  ]),
});

/**
 * POST /public/agents/{agentId}/web-call: a visitor's browser call from the widget's call button. Only when the
 * agent's web calling is on (403 "Web calling is off for this agent."); rate-limited per address and agent, checked
 * against the agent's allowed domains and App Check like the chat; admitted and billed like every call. The widget's
 * voice transport joins `webCallUrl`.
 */
export const startVisitorWebCall = endpoint('startVisitorWebCall', 'POST', '/public/agents/:agentId/web-call', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  query: z.object({ region: regionSchema.default('na') }),
  output: z.object({ success: z.literal(true), data: z.object({ callId: z.string(), webCallUrl: z.string() }) }),
});
