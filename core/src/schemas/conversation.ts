// Conversations recorded by the runtime (functions write them with the admin SDK; the agent's owner and
// clients given the agent read them, live in the dashboard). Paths: paths.conversation / conversationMessages.
// The single source: functions (runtime, public API, operator callables) and the web import these.
import { z } from 'zod';
import { callSummarySchema, VOICE_CALL_CHANNELS } from './voice';

/** Where a conversation happens: the widget, the test debugger, the REST API, a messaging channel, or a call (phone, web). */
export const CONVERSATION_CHANNELS = ['widget', 'test', 'api', 'telegram', 'discord', 'whatsapp', 'messenger', 'instagram', ...VOICE_CALL_CHANNELS] as const;
export const CONVERSATION_CONTROLS = ['ai', 'human'] as const;
export const MESSAGE_ROLES = ['user', 'assistant', 'operator', 'system'] as const;
export const RESPONDERS = ['llm', 'offline', 'voiceflow', 'launch', 'operator', 'failure', 'notice'] as const;

/** At least 12 characters: the id is what lets the public widget API poll a conversation, so it must not be guessable. */
export const conversationIdSchema = z
  .string()
  .regex(/^(?!__.*__$)[A-Za-z0-9_-]{12,64}$/, 'Conversation ids are 12 to 64 letters, digits, - or _ (not __…__).');

/**
 * A knowledge-base passage an answer drew on, as shown under the answer — to website visitors too: the source's
 * title and an excerpt, never the document's id or where its file is stored.
 */
const currentMessageSourceSchema = z.object({ title: z.string(), excerpt: z.string(), score: z.number() });

/** Messages stored before carry the document's `name` (and its id): the name is read as the title, the id dropped. */
function fromStoredSource(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'title' in value) return value;
  const { name, excerpt, score } = value as { name?: unknown; excerpt?: unknown; score?: unknown };
  return typeof name === 'string' ? { title: name, excerpt: excerpt ?? '', score: score ?? 0 } : value;
}

// What is sent and written is the current shape (the input type); stored messages of the older shape still parse.
export const messageSourceSchema = z.preprocess<unknown, typeof currentMessageSourceSchema, z.input<typeof currentMessageSourceSchema>>(
  fromStoredSource,
  currentMessageSourceSchema,
);
export type MessageSource = z.output<typeof currentMessageSourceSchema>;

export const conversationSchema = z.object({
  ID: z.string(),
  agentId: z.string(),
  ownerID: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS),
  /** Unix ms. */
  createdAt: z.number(),
  updatedAt: z.number(),
  lastMessage: z.string().default(''),
  lastMessageAt: z.number(),
  lastRole: z.enum(MESSAGE_ROLES).optional(),
  messageCount: z.number().int().nonnegative().default(0),
  /** 'human' while an operator has taken over: the AI stays silent. */
  control: z.enum(CONVERSATION_CONTROLS).default('ai'),
  handoffRequested: z.boolean().default(false),
  handoffRequestedAt: z.number().optional(),
  operatorUid: z.string().optional(),
  pageUrl: z.string().optional(),
  /**
   * A messaging channel's user (channel conversations only): their id at the provider (chat id, phone number,
   * PSID, Discord user id), the name they show, and the connected endpoint they wrote to (the channel record's id).
   */
  channelUser: z.object({ id: z.string(), name: z.string().default(''), endpointId: z.string() }).optional(),
  /**
   * WhatsApp: how far the last message sent to the channel user got, from the provider's status callbacks
   * (`error` says why it failed, e.g. the 24-hour window).
   */
  channelDelivery: z
    .object({ messageId: z.string(), status: z.enum(['sent', 'delivered', 'read', 'failed']), at: z.number(), error: z.string().optional() })
    .optional(),
  /** A call (channel phone or webcall): its caller, duration, ended reason, recording (schemas/voice.ts). */
  call: callSummarySchema.optional(),
  visitor: z
    .object({ browser: z.string().optional(), platform: z.string().optional(), lang: z.string().optional(), countryCode: z.string().optional() })
    .default({}),
  /**
   * An agent with a flow: the node the conversation is at (a step, or the end it reached). Written by the engine
   * with the answer; a client never chooses it.
   */
  flowStep: z.string().optional(),
  /** Once a handoff was requested or a team member took over (never cleared): Chats' "handed off" filter. */
  handedOff: z.boolean().default(false),
  /** Whether the conversation has a lead (voiceglow/{agentId}/leads/{conversationId}): Chats' lead filter. */
  hasLead: z.boolean().default(false),
  /** The lead's contact details, shown in Chats. */
  lead: z.object({ name: z.string().optional(), email: z.string().optional(), phone: z.string().optional() }).optional(),
  /** The lead's search terms (core's leadSearchTerms): Chats' search by the visitor's name, e-mail or phone. */
  searchTerms: z.array(z.string()).optional(),
});
/** A conversation with no message for this long has ended (Chats' status filter: open or ended). */
export const CONVERSATION_IDLE_END_MS = 30 * 60_000;
export const storedConversationSchema = conversationSchema.loose();
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * A tool the model called while writing an answer, as the transcript keeps it (Chats and the debugger show it;
 * visitors never get it): the tool's name, the model's arguments, and what came back — the status and the first
 * part of the body, or our sentence for a refused or failed call. Secrets are redacted before it is stored.
 */
export const toolCallRecordSchema = z.object({
  name: z.string(),
  arguments: z.string(),
  ok: z.boolean(),
  status: z.number().optional(),
  result: z.string(),
  timeMs: z.number().nonnegative().optional(),
  /** A flow's transition: the name of the step (or end) the conversation moved to, shown as "Moved to step …". */
  step: z.string().optional(),
});
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

export const conversationMessageSchema = z.object({
  ID: z.string(),
  role: z.enum(MESSAGE_ROLES),
  text: z.string(),
  /** Unix ms; messages sort by it. */
  ts: z.number(),
  responder: z.enum(RESPONDERS).optional(),
  sources: z.array(messageSourceSchema).default([]),
  status: z.enum(['complete', 'failed']).default('complete'),
  operatorUid: z.string().optional(),
  modelId: z.string().optional(),
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  /** The tools called for this answer, in order. */
  toolCalls: z.array(toolCallRecordSchema).optional(),
});
export const storedConversationMessageSchema = conversationMessageSchema.loose();
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;
