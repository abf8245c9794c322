// Events: sign-ups recorded once per user and forwarded to the configured events hook; the workspace's outgoing
// events (POSTed to its eventsEndpoint for the types in subscribedEvents, signed the Standard Webhooks way), their
// deliveries with every attempt, and the signing secret.
import { z } from 'zod';
import { regionSchema } from '../region';
import { callable, endpoint, workspaceIdSchema } from './contract';

/**
 * POST /events/new-user: records the caller's own sign-up once and forwards it with the attribution ids.
 * Bearer: the new user's Firebase ID token; the user is the token's uid, never one named in the body (anyone
 * could otherwise claim another user's referral). A body `userData.uid` other than the token's answers 403.
 * Identity (e-mail, name) comes from the stored user record. 404 "Account data not present" when the user has
 * no record; `recorded: false` when it was recorded before.
 */
export const recordNewUser = endpoint('recordNewUser', 'POST', '/events/new-user', 'bearer', {
  body: z.object({
    userData: z
      .object({
        uid: z.string().min(1).max(128).optional(),
        /** Where the record is (the other region is tried too). */
        region: regionSchema.optional(),
        email: z.string().max(320).optional(),
        displayName: z.string().max(200).optional(),
        workspaceName: z.string().max(200).optional(),
      })
      .loose()
      .default({}),
    ps_xid: z.string().max(200).nullish(),
    tolt_referral: z.string().max(200).nullish(),
  }),
  output: z.object({ success: z.literal(true), recorded: z.boolean() }),
});

/** Standard Webhooks headers: a unique delivery id, the Unix seconds of signing, and `v1,<base64 HMAC-SHA256>`. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
/** How old a signed event may be when its receiver checks it (a replay is signed again when it is sent). */
export const EVENT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Every event type a workspace can subscribe to, with what it tells and an example payload (the Events page shows them). */
export const EVENT_TYPES = {
  'new-agent': { description: 'An agent was created in the workspace.', example: { agentId: 'aB3dE5', agentName: 'Support bot', templateKey: 'blank', region: 'na' } },
  'new-channel-connection': { description: 'A channel (Telegram, Discord, WhatsApp, Messenger, Instagram) was connected to an agent.', example: { agentId: 'aB3dE5', channelId: '123456', agentType: 'chat', channelType: 'telegram' } },
  'conversation.started': { description: 'A visitor started a conversation with an agent.', example: { agentId: 'aB3dE5', conversationId: 'c_9Xk2', region: 'na' } },
  'message.created': { description: 'A message was added to a conversation.', example: { agentId: 'aB3dE5', conversationId: 'c_9Xk2', role: 'user', text: 'Hello!', region: 'na' } },
  'handoff.requested': { description: 'A visitor asked to talk to a human.', example: { agentId: 'aB3dE5', conversationId: 'c_9Xk2', region: 'na' } },
  'conversation.ended': { description: 'A conversation ended: no message for 30 minutes, or its call ended.', example: { agentId: 'aB3dE5', conversationId: 'c_9Xk2', region: 'na', endedAt: 1767225600000 } },
  'lead.created': { description: 'A lead was captured by an agent.', example: { agentId: 'aB3dE5', leadId: 'l_77aQ', conversationId: 'c_9Xk2', region: 'na' } },
  'call.ended': {
    description: 'A voice call ended.',
    example: { agentId: 'aB3dE5', callId: 'call_4Rt', conversationId: 'c_9Xk2', durationSeconds: 73, endedReason: 'customer-ended-call', endedAt: 1767225600000, region: 'na' },
  },
  'credits.low': { description: 'The workspace’s credits fell below 1,000 (at most once a day).', example: { balance: 980, threshold: 1000 } },
  'subscription.changed': { description: 'The workspace’s plan or subscription status changed.', example: { planId: 'pro', status: 'active' } },
} as const satisfies Record<string, { description: string; example: Record<string, unknown> }>;
export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_KEYS = Object.keys(EVENT_TYPES) as [EventType, ...EventType[]];
export const eventTypeSchema = z.enum(EVENT_TYPE_KEYS, 'Choose one of the listed event types.');
/** Below this balance a workspace gets `credits.low` (at most once a day). */
export const CREDITS_LOW_THRESHOLD = 1000;
/** The type of the test delivery the Events page sends (not subscribable: it is always sent when asked). */
export const TEST_EVENT_TYPE = 'test';

/**
 * Seconds to wait before each retry of a failed delivery: 9 attempts over about 23 hours. After the last one the
 * delivery is failed, the workspace's e-mails are told and an error log is written.
 */
export const EVENT_RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 10_800, 21_600, 43_200] as const;
export const EVENT_MAX_ATTEMPTS = EVENT_RETRY_DELAYS_SECONDS.length + 1;
/** Deliveries failed in a row (every attempt) after which the endpoint is disabled and its owner told. */
export const EVENT_DISABLE_AFTER_FAILED_DELIVERIES = 5;
/** How much of a receiver's answer an attempt keeps. */
export const EVENT_RESPONSE_EXCERPT_CHARS = 500;

export const EVENT_MESSAGES = {
  failureSubject: (endpoint: string) => `Failed to send event to ${endpoint}`,
  disabledSubject: 'Your events endpoint was disabled',
  workspaceNotProvided: 'Workspace not provided',
  noEndpoint: 'Set an events endpoint first.',
  deliveryNotFound: 'This delivery does not exist.',
} as const;

export const EVENT_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type EventDeliveryStatus = (typeof EVENT_DELIVERY_STATUSES)[number];

/** One try at delivering: when, the receiver's HTTP status (0: no answer) and the start of its answer or our error. */
export const deliveryAttemptSchema = z.object({ at: z.number(), status: z.number(), ok: z.boolean(), excerpt: z.string() });
export type DeliveryAttempt = z.output<typeof deliveryAttemptSchema>;

/** A delivery as the Events page lists it. */
export const deliverySummarySchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(EVENT_DELIVERY_STATUSES),
  endpoint: z.string(),
  createdAt: z.number(),
  attemptCount: z.number(),
  lastStatus: z.number().nullable(),
  /** When the next attempt is due (pending deliveries). */
  nextAttemptAt: z.number().nullable(),
});
export type DeliverySummary = z.output<typeof deliverySummarySchema>;
/** A delivery opened: its exact body (as signed) and every attempt. */
export const deliveryDetailSchema = deliverySummarySchema.extend({ body: z.string(), attempts: z.array(deliveryAttemptSchema) });
export type DeliveryDetail = z.output<typeof deliveryDetailSchema>;

/** The endpoint settings as the Events page shows and saves them. */
export const eventsSettingsSchema = z.object({
  endpoint: z.string(),
  enabled: z.boolean(),
  subscribedEvents: z.array(z.string()),
  /** Why the endpoint was disabled by us (repeated failures), until its owner enables it again. */
  disabledReason: z.string().nullable(),
});
export type EventsSettings = z.output<typeof eventsSettingsSchema>;

const workspaceInput = z.object({ region: regionSchema, workspaceId: workspaceIdSchema });
const deliveryIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Delivery ids are 1 to 64 letters, digits, - or _.');
const SIGN_IN = 'You must be signed in to manage events.';

/** Callable getEventsSettings: the workspace's endpoint, whether it is on, and its subscribed types (owner and members). */
export const getEventsSettings = callable('getEventsSettings', { signInMessage: SIGN_IN, input: workspaceInput, output: eventsSettingsSchema });

/**
 * Callable saveEventsSettings: the owner sets the endpoint (an http(s) URL to a public address, checked at save:
 * `endpoint` names the refusal), turns it on or off and picks the types. Enabling clears an earlier disable.
 */
export const saveEventsSettings = callable('saveEventsSettings', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({
    endpoint: z.union([z.literal(''), z.string().trim().max(2000).pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid URL (https://...).' }))]),
    enabled: z.boolean(),
    subscribedEvents: z.array(eventTypeSchema).max(EVENT_TYPE_KEYS.length),
  }),
  output: eventsSettingsSchema,
});

/** Callable listEventDeliveries: newest first, filtered by type and status; `before` pages on (the last createdAt seen). */
export const listEventDeliveries = callable('listEventDeliveries', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({
    type: z.string().max(64).optional(),
    status: z.enum(EVENT_DELIVERY_STATUSES).optional(),
    before: z.number().optional(),
    limit: z.number().int().min(1).max(100).default(25),
  }),
  output: z.object({ deliveries: z.array(deliverySummarySchema), more: z.boolean() }),
});

/** Callable getEventDelivery: one delivery with its body and attempts. */
export const getEventDelivery = callable('getEventDelivery', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({ deliveryId: deliveryIdSchema }),
  output: z.object({ delivery: deliveryDetailSchema }),
});

/** Callable replayEventDelivery: the owner sends a delivery's body again, as a new delivery (signed anew). */
export const replayEventDelivery = callable('replayEventDelivery', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({ deliveryId: deliveryIdSchema }),
  output: z.object({ delivery: deliverySummarySchema }),
});

/** Callable sendTestEvent: the owner sends a signed `test` event to the endpoint now (whatever the subscriptions). */
export const sendTestEvent = callable('sendTestEvent', {
  signInMessage: SIGN_IN,
  input: workspaceInput,
  output: z.object({ delivery: deliverySummarySchema }),
});

/**
 * Callable eventsSigningSecret: the secret (`whsec_` + base64) the workspace's outgoing events are signed with, so
 * the receiving endpoint can tell our deliveries from forgeries. Created on first use; `rotate: true` replaces it
 * (deliveries are signed with the new one at once). The workspace owner only.
 */
export const eventsSigningSecret = callable('eventsSigningSecret', {
  signInMessage: 'You must be signed in to see the events signing secret.',
  input: z.object({ region: regionSchema, workspaceId: workspaceIdSchema, rotate: z.boolean().default(false) }),
  output: z.object({ signingSecret: z.string() }),
});
