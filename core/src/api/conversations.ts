// Conversations ("Chats" in the dashboard, route `convos`): the visitor's half (the widget's public API:
// the agent it renders, credits, analytics, chat, polling, handoff) and the operator's half (callables
// the Chats inbox uses to reply and take over).
import { z } from 'zod';
import { agentSchema, modelIdSchema } from '../schemas/agent';
import { VG_MAX_TOKENS_CAP } from '../constants/usage';
import {
  CONVERSATION_CONTROLS, conversationIdSchema, conversationMessageSchema, messageSourceSchema, toolCallRecordSchema,
} from '../schemas/conversation';
import { regionSchema } from '../region';
import { agentIdSchema, callable, endpoint, workspaceIdSchema } from './contract';

/** The longest visitor or operator message. */
export const MAX_CHAT_MESSAGE_CHARS = 4000;
export const CHAT_MESSAGES = {
  tooLong: 'Messages can be at most 4,000 characters.',
  textNeedsMessage: 'A text message needs a non-empty message.',
  operatorEmpty: 'Please type a message.',
} as const;

// ---------------------------------------------------------------- the agent the widget renders

/**
 * The agent fields a website visitor receives, and nothing else: what the widget draws (look, texts, images,
 * custom CSS) and how it behaves (timing, handoff, language, URL and tab syncing). Prompts, models, limits,
 * channel wiring, secrets, the owner's workspace id and any field added later stay private unless listed here.
 */
export const WIDGET_AGENT_FIELDS = [
  'title', 'description', 'agentPlatform', 'theme', 'customThemeJSONString', 'scrollAnimation', 'roundedImageURL',
  'avatarImageUrl', 'headerImageUrl', 'chatBgURL', 'bannerImageUrl', 'fontFamily', 'branding', 'proactiveMessage',
  'messageDelayMS', 'autoStartWidget', 'syncBrowser', 'listenForUrlChanges', 'lang', 'recordChatHistory',
  'enableGeoAnalytics', 'UIhandoffTitle', 'UIhandoffSubtitle', 'alwaysShowHandoff', 'enableHumanHandoff', 'smartInit',
  'ADVANCED_customCSS', 'buttonsLayout', 'acceptFileUpload', 'enableAITranslate', 'aiTranslateLanguages', 'collectLeads',
] as const;
export type WidgetAgentField = (typeof WIDGET_AGENT_FIELDS)[number];

const widgetAgentPicked = Object.fromEntries(WIDGET_AGENT_FIELDS.map((key) => [key, true])) as { [K in WidgetAgentField]: true };

/**
 * The agent as the widget receives it: the allowlisted fields (WIDGET_AGENT_FIELDS), the id, and where the widget
 * opens (`renderMode`). Stored documents may lack fields (legacy data), so every field but the id is optional.
 */
export const widgetAgentSchema = agentSchema
  .pick(widgetAgentPicked)
  .partial()
  .extend({
    ID: z.string(),
    renderMode: z.string().optional(),
    /** The agent takes browser calls (voiceConfig.config.enableWebCalling): the chat shows its call button. */
    webCalling: z.boolean().optional(),
  });
export type WidgetAgent = z.infer<typeof widgetAgentSchema>;
/** Every key a public agent may carry. */
export const WIDGET_AGENT_KEYS = Object.keys(widgetAgentSchema.shape) as Array<keyof WidgetAgent>;

/**
 * Whom the widget's "Powered by" names when the agent's owner runs an agency: the agency's name and, when it is an
 * http(s) address, its main website. Only these two fields of the agency are ever published.
 */
export const poweredBySchema = z.object({
  name: z.string().min(1),
  url: z.string().regex(/^https?:\/\/\S+$/i).optional(),
});
export type PoweredBy = z.infer<typeof poweredBySchema>;

const regionQuery = z.object({ region: regionSchema.default('na') });

/** GET /public/agents/{agentId}: the redacted agent the widget renders; 404 "This widget does not exist.". */
export const getPublicAgent = endpoint('getPublicAgent', 'GET', '/public/agents/:agentId', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  query: regionQuery,
  output: z.object({
    success: z.literal(true),
    /** The agent, and the agency its owner runs (absent: the widget names Parley). */
    data: widgetAgentSchema.extend({ poweredBy: poweredBySchema.optional() }),
    /**
     * The api function's direct URL when configured: the widget sends chat messages there so replies stream
     * (Hosting rewrites buffer streamed responses).
     */
    streamBase: z.string().optional(),
  }),
});

/**
 * GET /public/users/{ownerID}/check-credits[?agentId=…]: whether whoever pays still has credits. With `agentId` (an
 * agent of that workspace) the answer is for the agent's payer: an org with billing on that lists it, or the
 * workspace; without it, the workspace's. hasEverPaid is always the workspace's.
 */
export const checkCredits = endpoint('checkCredits', 'GET', '/public/users/:ownerID/check-credits', 'public', {
  params: z.object({ ownerID: workspaceIdSchema }),
  query: regionQuery.extend({ agentId: agentIdSchema.optional() }),
  output: z.object({ continue: z.boolean(), hasEverPaid: z.boolean() }),
});

/** GET /v2/public/agents/{agentId}/usage: false once credits or the agent's own caps are exhausted. */
export const getAgentUsage = endpoint('getAgentUsage', 'GET', '/v2/public/agents/:agentId/usage', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  query: regionQuery,
  output: z.object({ success: z.literal(true), data: z.object({ shouldContinue: z.boolean() }) }),
});

/**
 * POST /agents/{agentId}/analytics: records a widget event in voiceglow/{id}/analytics (country and ip only
 * when the agent has enableGeoAnalytics); answers this month's visitor messages.
 */
export const recordAnalytics = endpoint('recordAnalytics', 'POST', '/agents/:agentId/analytics', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  body: z.object({
    region: regionSchema.default('na'),
    /** What happened (e.g. "open", "message"); older widgets send a boolean. */
    record: z.union([z.string().max(64), z.boolean()]).default('open'),
    /** Unix ms. */
    ts: z.number().nonnegative().optional(),
    browser: z.string().max(200).optional(),
    origin: z.string().max(2048).optional(),
    platform: z.string().max(200).optional(),
    countryCode: z.string().max(8).optional(),
    ipAddress: z.string().max(64).optional(),
  }),
  output: z.object({ success: z.literal(true), monthlyMessages: z.number() }),
});

// ---------------------------------------------------------------- chat

const draftInitMessage = z.union([z.string(), z.object({ role: z.string().optional(), content: z.string() }).loose()]);

/**
 * Settings the owner may try out unsaved in the test debugger (never identity, limits or secrets other than the
 * Voiceflow key being tried; models only from the catalogue, replies at most VG_MAX_TOKENS_CAP). A value of the
 * wrong type is dropped, not refused.
 */
export const draftOverridesSchema = z
  .object({
    agentPlatform: z.enum(['vg', 'vf']).optional().catch(undefined),
    messageDelayMS: z.number().nonnegative().optional().catch(undefined),
    smartInit: z.boolean().optional().catch(undefined),
    vg_defaultModel: modelIdSchema.optional().catch(undefined),
    vg_temperature: z.number().min(0).max(2).optional().catch(undefined),
    vg_maxTokens: z.number().int().positive().max(VG_MAX_TOKENS_CAP).optional().catch(undefined),
    vg_systemPrompt: z.string().max(100_000).optional().catch(undefined),
    vg_initPrompt: z.string().max(20_000).optional().catch(undefined),
    vg_initMessages: z.array(draftInitMessage).max(20).optional().catch(undefined),
    topChunks: z.number().int().positive().max(20).optional().catch(undefined),
    kb_llm: z.object({ searchMethod: z.enum(['smart', 'simple']) }).loose().optional().catch(undefined),
    lang: z.string().max(35).optional().catch(undefined),
    VF_DIALOGUE_API_KEY: z.string().max(500).optional().catch(undefined),
    /** The flow being drawn: the runtime runs it only when it passes the publish checks. */
    enableNodes: z.boolean().optional().catch(undefined),
    nodes: z.array(z.unknown()).max(500).optional().catch(undefined),
  })
  .strip();
export type DraftOverrides = z.infer<typeof draftOverridesSchema>;

/** What the widget knows about the visitor (stored on a new conversation). */
export const visitorSchema = z
  .object({
    browser: z.string().max(200).optional(),
    platform: z.string().max(200).optional(),
    lang: z.string().max(35).optional(),
    countryCode: z.string().max(8).optional(),
  })
  .strip();

/** The body of a chat request. */
export const chatRequestSchema = z
  .object({
    region: regionSchema.optional(),
    /** Omitted for a new conversation (the answer names the id it got). */
    conversationId: conversationIdSchema.optional(),
    action: z.enum(['launch', 'text']).default('text'),
    message: z.string().max(MAX_CHAT_MESSAGE_CHARS, CHAT_MESSAGES.tooLong).optional(),
    pageUrl: z.string().max(2048).optional(),
    lang: z.string().max(35).optional(),
    /** Prior turns, used only when the conversation is not recorded (test chat, history off). */
    history: z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string().max(MAX_CHAT_MESSAGE_CHARS * 2) })).max(60).optional(),
    visitor: visitorSchema.optional(),
    /** true: answer with Server-Sent Events (start, delta…, done | error) instead of JSON. */
    stream: z.boolean().default(false),
    /** Unsaved settings from the test debugger; honoured only for a member of the agent's workspace. */
    draft: draftOverridesSchema.optional(),
  })
  .refine((b) => b.action !== 'text' || (b.message ?? '').trim().length > 0, { message: CHAT_MESSAGES.textNeedsMessage, path: ['message'] });
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** Who wrote an answer: the LLM, the offline responder, Voiceflow, the launch greeting, or the polite failure. */
export const ANSWER_RESPONDERS = ['llm', 'offline', 'voiceflow', 'launch', 'failure'] as const;
export type Responder = (typeof ANSWER_RESPONDERS)[number];

/** One answer to a chat request. */
export const answerResultSchema = z.object({
  conversationId: z.string(),
  /** Reply parts, shown messageDelayMS apart. Empty while a human operator has the conversation. */
  parts: z.array(z.string()),
  sources: z.array(messageSourceSchema),
  /** null when nobody answered (an operator has the conversation). */
  responder: z.enum(ANSWER_RESPONDERS).nullable(),
  control: z.enum(CONVERSATION_CONTROLS),
  messageDelayMS: z.number(),
  failed: z.boolean(),
  modelId: z.string().optional(),
  /** The tools called for the answer (secrets redacted): the owner's test chat only, never a visitor. */
  toolCalls: z.array(toolCallRecordSchema).optional(),
  /** An agent with a flow: the name of the step the conversation is at after the answer (the owner's test chat only). */
  step: z.string().optional(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

/**
 * POST /public/agents/{agentId}/chat: answers a visitor. `stream: true` answers with Server-Sent Events
 * (`start`, `delta`…, then `done` or `error`); otherwise `{ success, data }`.
 * `?channel=test` is the dashboard's test debugger: bearer = the Firebase ID token of a member of the agent's
 * workspace (403 otherwise); draft settings apply and nothing is recorded.
 * Errors: 404 unknown agent, 402 usage limit reached, 400 bad input or a vf agent without its dialogue key.
 */
export const sendChatMessage = endpoint('sendChatMessage', 'POST', '/public/agents/:agentId/chat', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  query: z.object({ region: regionSchema.optional(), channel: z.enum(['widget', 'test']).optional() }),
  body: chatRequestSchema,
  output: z.object({ success: z.literal(true), data: answerResultSchema }),
  events: {
    start: z.object({ conversationId: z.string() }),
    delta: z.object({ text: z.string() }),
    done: answerResultSchema,
    error: z.object({ error: z.string() }),
  },
});

// ---------------------------------------------------------------- the visitor's conversation

export const conversationParams = z.object({ agentId: agentIdSchema, conversationId: conversationIdSchema });

/**
 * A message as the visitor's widget reads it: who wrote what and when, and its sources; never which team member
 * (operatorUid) or which model and how many tokens answered.
 */
export const visitorMessageSchema = conversationMessageSchema.pick({ ID: true, role: true, text: true, ts: true, responder: true, sources: true, status: true });
export type VisitorMessage = z.infer<typeof visitorMessageSchema>;

/** What the widget polls: takeover state and the messages newer than `since`. */
export const conversationStateSchema = z.object({
  exists: z.boolean(),
  control: z.enum(CONVERSATION_CONTROLS),
  handoffRequested: z.boolean(),
  /** Unix ms. */
  updatedAt: z.number(),
  messages: z.array(visitorMessageSchema),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

/**
 * GET /public/agents/{agentId}/conversations/{conversationId}?since=ms: operator replies and takeover state.
 * The conversation id (random, at least 12 characters) is the visitor's capability.
 */
export const pollConversation = endpoint('pollConversation', 'GET', '/public/agents/:agentId/conversations/:conversationId', 'public', {
  params: conversationParams,
  query: z.object({ region: regionSchema.default('na'), since: z.coerce.number().nonnegative().default(0) }),
  output: z.object({ success: z.literal(true), data: conversationStateSchema }),
});

/**
 * POST …/conversations/{conversationId}/handoff: the visitor asks for a human in a conversation the chat started
 * (404 "This conversation does not exist." otherwise: only the chat creates conversations).
 */
export const requestHandoff = endpoint('requestHandoff', 'POST', '/public/agents/:agentId/conversations/:conversationId/handoff', 'public', {
  params: conversationParams,
  query: z.object({ region: regionSchema.optional() }),
  body: z.object({ region: regionSchema.optional() }),
  output: z.object({ success: z.literal(true), data: z.object({ handoffRequested: z.literal(true) }) }),
});

/** POST …/conversations/{conversationId}/page: listenForUrlChanges reports the page the visitor is on. */
export const reportConversationPage = endpoint('reportConversationPage', 'POST', '/public/agents/:agentId/conversations/:conversationId/page', 'public', {
  params: conversationParams,
  query: z.object({ region: regionSchema.optional() }),
  body: z.object({ region: regionSchema.optional(), pageUrl: z.string().min(1).max(2048) }),
  output: z.object({ success: z.literal(true), data: z.object({ recorded: z.boolean() }) }),
});

// ---------------------------------------------------------------- the operator's half (Chats inbox)

/** Notes the conversation shows when an operator takes over or hands back. */
export const OPERATOR_NOTES = {
  takenOver: 'A team member joined the conversation.',
  handedBack: 'The assistant is back in the conversation.',
} as const;

const operatorTarget = { region: regionSchema, agentId: agentIdSchema, conversationId: conversationIdSchema };

/**
 * Callable sendOperatorMessage: the operator's reply; the first one takes the conversation over (control
 * human) so the AI stays silent. For members of the agent's workspace and agency clients allowed '/convos' on
 * the agent. not-found "This widget does not exist." / "This conversation does not exist.".
 */
export const sendOperatorMessage = callable('sendOperatorMessage', {
  input: z.object({
    ...operatorTarget,
    text: z.string().trim().min(1, CHAT_MESSAGES.operatorEmpty).max(MAX_CHAT_MESSAGE_CHARS, CHAT_MESSAGES.tooLong),
  }),
  output: z.object({ message: conversationMessageSchema, control: z.literal('human') }),
});

/** Callable setConversationControl: takes over ('human') or hands back to the AI ('ai'). Same access. */
export const setConversationControl = callable('setConversationControl', {
  input: z.object({ ...operatorTarget, control: z.enum(CONVERSATION_CONTROLS) }),
  output: z.object({ control: z.enum(CONVERSATION_CONTROLS) }),
});
