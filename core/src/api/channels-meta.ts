// Meta channels: WhatsApp (Embedded Signup "New Method" and the Legacy Method), Messenger and Instagram, and the
// Meta webhooks. Re-exported by ./channels (the channels feature's namespace, `channelsApi`).
//
// Every token stays in the functions: the Embedded Signup code, the long-lived user token and the page and number
// tokens are exchanged and stored server-side (users/{uid}/private/meta, metaPages/{id}/private/secrets,
// waNumbers/{id}/private/secrets); no output below carries one. Provider failures come back as `ok: false` with the
// toast the screen shows (the spec's error catalogue); refusals (access, input) are HttpsErrors.
import { z } from 'zod';
import {
  WA_EMBEDDED_SIGNUP_SESSION_INFO_VERSION, WHATSAPP_GRAPH_API_VERSION, WHATSAPP_TEMPLATE_CATEGORIES,
  WHATSAPP_TEMPLATE_CATEGORY_DEFAULT, WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT, WHATSAPP_TEMPLATE_LANGUAGES,
} from '../constants/agent';
import { regionSchema } from '../region';
import { metaPageOptionSchema, metaPageSchema, waNumberSchema, whatsappProviderNumberSchema } from '../schemas/channels';
import { CHANNEL_MESSAGES } from '../validation/messages';
import { agentIdSchema, callable, endpoint } from './contract';

/** The Graph API version every Meta call uses (one setting). */
export const META_GRAPH_API_VERSION = WHATSAPP_GRAPH_API_VERSION;

/** Texts of the Meta screens (toasts) and of what the agent sends on WhatsApp, Messenger and Instagram. */
export const META_TEXTS = {
  pageConnected: 'Successfully connected the page.',
  pageConnectFailed: (message: string) => `Failed to connect the page. ${message}`,
  pageRemoved: 'Successfully removed the page.',
  pageRemoveFailed: 'Failed to remove the page.',
  /** The page picker could not list the user's pages (Facebook login, token exchange or the pages call failed). */
  pagePickerFailed: (message: string) => `Error has occured: ${message}`,
  /** Token, numbers, remove, connect and details calls. */
  waError: (message: string) => `Error: ${message}`,
  /** Template, legacy save and connect failure. */
  waErrorOccurred: (message: string) => `Error occurred: ${message}`,
  waSendFailed: (message: string) => `Error sending message: ${message}`,
  networkError: 'Error occurred',
  templateCreated: 'Template created successfully',
  numberRemoved: 'Number removed successfully',
  numberConnected: 'Number is connected successfully',
  numberInfoFetched: 'Number info fetched successfully',
  connectedTo: (number: string) => `Successfully connected to ${number}`,
  messageSent: 'Message sent successfully',
  whatsappSaved: 'Whatsapp channel saved successfully',
  /** Outside WhatsApp's 24-hour customer-service window (test messages and operator replies). */
  waInitiate: CHANNEL_MESSAGES.waInitiate,
  /** Ours: what the agent answers to a picture, voice note, location, button … it cannot read. */
  unsupportedMessage: 'Sorry, I can only read text messages. Please type your question.',
  /** Ours: the legacy Run Test message. */
  legacyTestMessage: 'This is a test message from your agent. Your WhatsApp channel works.',
  /** Ours: a login that gave no token (popup closed, permissions refused). */
  loginCancelled: 'The Facebook login was cancelled.',
  /** Ours: tokenToPages / connect before exchangeMetaToken. */
  signInFirst: 'Please continue with Facebook first.',
  /** Ours: number calls before getLongAccessToken. */
  signupFirst: 'Please continue with Meta first.',
} as const;

/** The origins Meta's login popup posts WA_EMBEDDED_SIGNUP messages from (production). */
export const META_LOGIN_ORIGINS = ['https://www.facebook.com', 'https://web.facebook.com', 'https://business.facebook.com'] as const;
/** Meta's JavaScript SDK (production). */
export const META_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';

/** A Graph object id (page, Instagram account, WABA, phone number): digits only, so it is safe in a Graph path. */
export const metaIdSchema = z.string().trim().regex(/^[0-9]{1,40}$/, 'Meta ids are digits.');

const agentTarget = { region: regionSchema, agentId: agentIdSchema };
const toast = { ok: z.boolean(), message: z.string() };

// ---------------------------------------------------------------- the browser's Meta settings

/**
 * Callable getMetaClientConfig: what the browser needs to open Facebook Login and Embedded Signup: the app id, the
 * Embedded Signup configuration id, the Graph version, where the SDK is loaded from and the origins whose
 * WA_EMBEDDED_SIGNUP messages count (locally the Meta stand-in's own origin). No secret.
 */
export const getMetaClientConfig = callable('getMetaClientConfig', {
  input: z.object({}),
  output: z.object({
    appId: z.string(),
    configId: z.string(),
    graphVersion: z.string(),
    sdkUrl: z.string(),
    loginOrigins: z.array(z.string()),
    sessionInfoVersion: z.number(),
    /** Facebook Login scopes Messenger/Instagram ask for. */
    pageScopes: z.array(z.string()),
  }),
});
/** What Facebook Login asks for when connecting Messenger and Instagram. */
export const META_PAGE_SCOPES = [
  'pages_show_list', 'pages_messaging', 'pages_manage_metadata', 'instagram_basic', 'instagram_manage_messages', 'business_management',
] as const;
export const META_SESSION_INFO_VERSION = WA_EMBEDDED_SIGNUP_SESSION_INFO_VERSION;

// ---------------------------------------------------------------- Messenger and Instagram

/**
 * Callable exchangeMetaToken: the short-lived user token Facebook Login gave the browser is exchanged for a
 * long-lived one (fb_exchange_token), kept in users/{uid}/private/meta. The token is not returned.
 */
export const exchangeMetaToken = callable('exchangeMetaToken', {
  input: z.object({ region: regionSchema, token: z.string().trim().min(1, META_TEXTS.loginCancelled).max(2048) }),
  output: z.object({ ...toast, expiresAt: z.number().optional() }),
});

/** Callable tokenToPages: the pages the signed-in Facebook user manages (id, name, photo, linked Instagram account). */
export const tokenToPages = callable('tokenToPages', {
  input: z.object({ region: regionSchema }),
  output: z.object({ ...toast, pages: z.array(metaPageOptionSchema) }),
});

/** A connected page as the dashboard sees it, and whether Meta still delivers its messages to us. */
export const metaPageStatusSchema = metaPageSchema.extend({ subscribed: z.boolean() });

/** Callable checkPageSubscriptions: the agent's connected pages, each with whether our app is subscribed to it. */
export const checkPageSubscriptions = callable('checkPageSubscriptions', {
  input: z.object(agentTarget),
  output: z.object({ pages: z.array(metaPageStatusSchema) }),
});

/**
 * Callable connectMetaPage: the page's token is fetched with the stored user token (never from the browser) and
 * kept in metaPages/{pageId}/private/secrets; the page is subscribed to our app's webhooks (messages, postbacks);
 * Instagram DMs come with the linked account. "Successfully connected the page." / "Failed to connect the page. {message}".
 */
export const connectMetaPage = callable('connectMetaPage', {
  input: z.object({
    ...agentTarget,
    selectedPage: z.object({ id: metaIdSchema, name: z.string().max(300).optional() }),
  }),
  output: z.object({ ...toast, page: metaPageSchema.optional() }),
});

/** Callable removeMetaPage: unsubscribes the page at Meta, deletes its record and token (past chats stay). */
export const removeMetaPage = callable('removeMetaPage', {
  input: z.object({ ...agentTarget, pageId: metaIdSchema }),
  output: z.object(toast),
});

// ---------------------------------------------------------------- WhatsApp: Embedded Signup (New Method)

/**
 * Callable getLongAccessToken: the Embedded Signup code (FB.login with response_type code) is exchanged for the
 * business token, kept in users/{uid}/private/meta for the numbers calls that follow. Not returned.
 */
export const getLongAccessToken = callable('getLongAccessToken', {
  input: z.object({ region: regionSchema, code: z.string().trim().min(1, META_TEXTS.loginCancelled).max(2048) }),
  output: z.object(toast),
});

/** Callable getDetailsOfWhatsappNumber: the WABA's numbers (GET /{wabaId}/phone_numbers) with the stored token. */
export const getDetailsOfWhatsappNumber = callable('getDetailsOfWhatsappNumber', {
  input: z.object({ region: regionSchema, wabaId: metaIdSchema }),
  output: z.object({ ...toast, data: z.array(whatsappProviderNumberSchema) }),
});

/**
 * Callable connectWhatsappNumber: registers the number for the Cloud API, subscribes our app to the WABA's
 * webhooks, stores waNumbers/{phoneId} (token in its private/secrets) for the agent.
 */
export const connectWhatsappNumber = callable('connectWhatsappNumber', {
  input: z.object({ ...agentTarget, wabaId: metaIdSchema, phoneId: metaIdSchema, phoneNumber: z.string().trim().max(40) }),
  output: z.object({ ...toast, newAddedNumber: waNumberSchema.optional() }),
});

/** Callable getWhatsappNumbers: the agent's connected numbers. */
export const getWhatsappNumbers = callable('getWhatsappNumbers', {
  input: z.object(agentTarget),
  output: z.object({ numbers: z.array(waNumberSchema) }),
});

/** Callable removeWhatsappNumber: the record and token deleted; the WABA unsubscribed when no number of it is left. */
export const removeWhatsappNumber = callable('removeWhatsappNumber', {
  input: z.object({ ...agentTarget, phoneId: metaIdSchema }),
  output: z.object({ ...toast, phoneId: z.string() }),
});

/**
 * Callable sendWhatsappTestMessage: the Send Test Message form. The three validation messages (core's
 * validateWhatsappTestMessage) are invalid-argument; outside the 24-hour window `ok: false` with
 * "You must initiate the conversation with this number before sending a message.".
 */
export const sendWhatsappTestMessage = callable('sendWhatsappTestMessage', {
  input: z.object({ ...agentTarget, phoneId: z.string().max(40), to: z.string().max(40), message: z.string().max(4096) }),
  output: z.object({ ...toast, messageId: z.string().optional() }),
});

/**
 * Callable createWhatsappTemplate: POST /{wabaId}/message_templates with a BODY component. Input that does not fit
 * core's whatsappTemplateSchema is invalid-argument "Invalid template info".
 */
export const createWhatsappTemplate = callable('createWhatsappTemplate', {
  input: z.object({
    ...agentTarget,
    wabaId: metaIdSchema,
    name: z.string().max(512),
    language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES).default(WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT),
    category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES).default(WHATSAPP_TEMPLATE_CATEGORY_DEFAULT),
    bodyText: z.string().max(1024),
  }),
  output: z.object({ ...toast, templateId: z.string().optional(), status: z.string().optional() }),
});

// ---------------------------------------------------------------- WhatsApp: Legacy Method

/**
 * Callable runWhatsappLegacyTest: Run Test. Sends META_TEXTS.legacyTestMessage from the agent's saved number id to
 * its test number (waTestNumber) with its saved token (voiceglow/{id}/private/secrets). "Message sent successfully"
 * or "Error sending message: {provider message}".
 */
export const runWhatsappLegacyTest = callable('runWhatsappLegacyTest', {
  input: z.object(agentTarget),
  output: z.object({ ...toast, waVerifyPassed: z.boolean() }),
});

/**
 * Callable startWhatsappLegacySetup: the owner opened the Legacy Method. Recorded server-side for
 * WHATSAPP_LEGACY_HANDSHAKE_HOURS; only then may Meta's handshake on the agent's legacy webhook mark it verified.
 */
export const startWhatsappLegacySetup = callable('startWhatsappLegacySetup', {
  input: z.object(agentTarget),
  output: z.object({ started: z.literal(true) }),
});

/** How long after the owner opened the Legacy Method Meta's handshake may still mark the agent verified. */
export const WHATSAPP_LEGACY_HANDSHAKE_HOURS = 24;

// ---------------------------------------------------------------- webhooks

/** Meta's signature header: `sha256=` + hex HMAC-SHA256 of the raw body with the app secret. */
export const META_SIGNATURE_HEADER = 'x-hub-signature-256';

const metaWebhookBody = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'The body must be a JSON object.',
);
/** The verification handshake's query (GET): Meta sends hub.mode=subscribe, hub.verify_token and hub.challenge. */
const hubQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(256).optional(),
  'hub.challenge': z.string().max(256).optional(),
});

/**
 * GET /v2/meta/webhook: the app webhook's verification handshake (Embedded Signup numbers, Messenger, Instagram).
 * Answers hub.challenge as text when hub.verify_token is ours, 403 otherwise.
 */
export const metaWebhookVerify = endpoint('metaWebhookVerify', 'GET', '/v2/meta/webhook', 'public', {
  query: hubQuery,
  output: z.string(),
});

/**
 * POST /v2/meta/webhook: Meta's events (object whatsapp_business_account, page, instagram). 401 without a valid
 * X-Hub-Signature-256 (nothing stored); each message processed once; answered at once (replies go through the
 * task queue).
 */
export const metaWebhook = endpoint('metaWebhook', 'POST', '/v2/meta/webhook', 'public', {
  body: metaWebhookBody,
  output: z.object({ ok: z.literal(true) }),
});

/**
 * GET /agents/{agentId}/wa-webhook: the Legacy Method's handshake; the verify token is the agent id. Success sets
 * the agent's waVerifyPassed (the connected banner), and only within WHATSAPP_LEGACY_HANDSHAKE_HOURS of the owner
 * opening the Legacy Method (startWhatsappLegacySetup): any other handshake is 403. Rate-limited per address.
 */
export const whatsappLegacyWebhookVerify = endpoint('whatsappLegacyWebhookVerify', 'GET', '/agents/:agentId/wa-webhook', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  query: hubQuery,
  output: z.string(),
});

/**
 * POST /agents/{agentId}/wa-webhook: the Legacy Method's events, signed with the app secret of the owner's own
 * Meta app (saved with the legacy fields as whatsappAppSecret); 401 without a valid signature.
 */
export const whatsappLegacyWebhook = endpoint('whatsappLegacyWebhook', 'POST', '/agents/:agentId/wa-webhook', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  body: metaWebhookBody,
  output: z.object({ ok: z.literal(true) }),
});
