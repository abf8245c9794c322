// Channels: connecting an agent to Telegram, Discord (and, in their own section below, WhatsApp, Messenger and
// Instagram), the Channel Settings block (smartInit), the lists of connections across agents, and the provider
// webhooks. Connecting, disconnecting and every token go through these calls: tokens are stored by the functions
// in `{collection}/{id}/private/secrets`, never returned.
import { z } from 'zod';
import { regionSchema } from '../region';
import { normalizeGoogleBusiness, validateGoogleBusiness } from '../validation/channels';
import { CHANNEL_MESSAGES } from '../validation/messages';
import { agentIdSchema, callable, endpoint } from './contract';

// ---------------------------------------------------------------- shared

/** The messaging channels an agent answers on (each conversation they start carries one, see schemas/conversation). */
export const CHANNEL_KINDS = ['telegram', 'discord', 'whatsapp', 'messenger', 'instagram'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Texts the channel screens show (toasts) and the channels send, word for word: screens and functions use these, never a copy. */
export const CHANNEL_TEXTS = {
  telegramSaved: 'Telegram channel saved successfully',
  telegramWebhookFailed: (description: string) => `Failed to set webhook: ${description}`,
  telegramDisconnected: 'Telegram channel disconnected',
  discordSaved: 'Discord channel saved successfully',
  discordDisconnected: 'Discord channel disconnected',
  errorOccurred: 'Error occurred.',
  /** gc-webhook's 410 body. */
  googleChatDiscontinued: 'Google Business Messages was discontinued by Google on July 31, 2024. This webhook no longer receives messages.',
  /** Sent once to a channel user when the workspace has no credits left. */
  noCredits: "Sorry, I can't reply right now. Please try again later.",
  /** The owner's notification when a channel user could not be answered for lack of credits. */
  noCreditsNotification: (channel: string) => `Your agent could not answer a ${channel} message: your workspace is out of credits.`,
  /** The same when an org with billing pays for the agent. */
  noOrgCreditsNotification: (channel: string, org: string) => `Your agent could not answer a ${channel} message: the organization ${org} is out of credits.`,
  /** Discord /ask without a question. */
  discordAskEmpty: 'Please type a question after /ask.',
  /** Discord /ask in a channel no agent is connected to. */
  discordNotConnected: 'No agent is connected to this channel.',
} as const;

/** The name of Discord's slash command the agent answers. */
export const DISCORD_ASK_COMMAND = 'ask';
/**
 * Our application's global slash commands, as registered with Discord (a bulk overwrite, once per deploy):
 * `/ask question`, the only thing a server member types to talk to the agent.
 */
export const DISCORD_COMMANDS = [
  {
    name: DISCORD_ASK_COMMAND,
    type: 1,
    description: 'Ask the agent connected to this channel a question',
    options: [{ type: 3, name: 'question', description: 'What you want to ask', required: true }],
  },
] as const;
/** Manage Server (MANAGE_GUILD, 1 << 5): what the bot installer asks for. */
export const DISCORD_MANAGE_SERVER_PERMISSION = 32;
/** Discord's authorisation page for adding our application's bot (with its /ask command) to a server. */
export function discordInstallUrl(applicationId: string, base = 'https://discord.com'): string {
  const query = new URLSearchParams({ client_id: applicationId, scope: 'bot applications.commands', permissions: String(DISCORD_MANAGE_SERVER_PERMISSION) });
  return `${base.replace(/\/$/, '')}/oauth2/authorize?${query.toString()}`;
}

const agentTarget = { region: regionSchema, agentId: agentIdSchema };

/** A provider's webhook body: parsed by the function only after the signature is verified. */
const webhookBody = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'The body must be a JSON object.');
const webhookQuery = z.object({ region: regionSchema.default('na') });

// ---------------------------------------------------------------- Telegram

/** A connected bot as the dashboard sees it (the token never leaves the functions). */
export const telegramBotViewSchema = z.object({
  botId: z.string(),
  agentId: z.string(),
  webhookUrl: z.string(),
  botUsername: z.string().optional(),
});

/**
 * Callable saveTelegramBot: getMe, deleteWebhook, setWebhook (url `{api}/v2/agents/{agentId}/telegram-webhook`, a
 * random secret_token), then the bot is stored (token in telegramBots/{botId}/private/secrets) and the
 * new-channel-connection hook sent. `ok: false` carries the toast ("Failed to set webhook: {description}",
 * "Error occurred."); an empty token is invalid-argument "Please provide a valid token.". Members of the agent's
 * workspace.
 */
export const saveTelegramBot = callable('saveTelegramBot', {
  input: z.object({ ...agentTarget, token: z.string().trim().min(1, CHANNEL_MESSAGES.telegramToken).max(200, CHANNEL_MESSAGES.telegramToken) }),
  output: z.object({ ok: z.boolean(), message: z.string(), bot: telegramBotViewSchema.optional() }),
});

/** Callable disconnectTelegramBot: deleteWebhook at Telegram, then the bot record and its token are deleted. */
export const disconnectTelegramBot = callable('disconnectTelegramBot', {
  input: z.object(agentTarget),
  output: z.object({ ok: z.boolean(), message: z.string() }),
});

/** The header Telegram sends with every update: the secret_token given to setWebhook. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * POST /v2/agents/{agentId}/telegram-webhook?region=: Telegram's updates. 401 unless X-Telegram-Bot-Api-Secret-Token
 * is the bot's secret; each update_id is processed once; answered at once (the reply is sent by the task queue).
 */
export const telegramWebhook = endpoint('telegramWebhook', 'POST', '/v2/agents/:agentId/telegram-webhook', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  query: webhookQuery,
  body: webhookBody,
  output: z.object({ ok: z.literal(true) }),
});

// ---------------------------------------------------------------- Discord

export const discordChannelViewSchema = z.object({ ID: z.string(), agentID: z.string(), channelId: z.string() });

/**
 * Callable saveDiscordChannel: channelId and webhookUrl required ("Please fill out all fields."); the webhook URL
 * must be a Discord webhook (https) and is kept in discordChannels/{id}/private/secrets. One channel per agent.
 */
export const saveDiscordChannel = callable('saveDiscordChannel', {
  input: z.object({
    ...agentTarget,
    channelId: z.string().trim().min(1, CHANNEL_MESSAGES.discordFields).max(64),
    webhookUrl: z.string().trim().min(1, CHANNEL_MESSAGES.discordFields).max(500),
  }),
  output: z.object({ ok: z.boolean(), message: z.string(), channel: discordChannelViewSchema.optional() }),
});

/** Callable disconnectDiscordChannel: the record and its webhook URL are deleted (past conversations stay). */
export const disconnectDiscordChannel = callable('disconnectDiscordChannel', {
  input: z.object(agentTarget),
  output: z.object({ ok: z.boolean(), message: z.string() }),
});

/** Callable discordInstallLink: the link that adds our bot (and /ask) to a server, asking for Manage Server. */
export const discordInstallLink = callable('discordInstallLink', {
  input: z.object({}),
  output: z.object({ url: z.string(), permissions: z.number() }),
});

/** Discord's signature headers (Ed25519 over timestamp + raw body, with the application's public key). */
export const DISCORD_SIGNATURE_HEADER = 'x-signature-ed25519';
export const DISCORD_TIMESTAMP_HEADER = 'x-signature-timestamp';

/**
 * POST /v2/channels/discord/interactions: Discord's HTTP interactions endpoint. 401 for a bad signature; PING →
 * PONG (type 1); `/ask question` → a deferred reply (type 5), then the answer as a follow-up.
 */
export const discordInteractions = endpoint('discordInteractions', 'POST', '/v2/channels/discord/interactions', 'public', {
  body: webhookBody,
  output: z.object({ type: z.number(), data: z.object({ content: z.string().optional(), flags: z.number().optional() }).optional() }),
});

// ---------------------------------------------------------------- Google Business Chat (discontinued)

/**
 * POST /agents/{agentId}/gc-webhook: always 410 with CHANNEL_TEXTS.googleChatDiscontinued (the service was
 * discontinued); the output below is never sent.
 */
export const googleChatWebhook = endpoint('googleChatWebhook', 'POST', '/agents/:agentId/gc-webhook', 'public', {
  params: z.object({ agentId: agentIdSchema }),
  body: z.unknown(),
  output: z.object({ success: z.literal(false), error: z.string() }),
});

/**
 * The deprecated modal's stored fields (saved with the agent over POST /v2/agents/{agentId}, the agent's
 * SECRET_API_KEY as bearer): the e-mail trimmed and containing @, the private key with its newlines turned into
 * commas and trimmed; "Please fill in the required fields" otherwise.
 */
export const googleBusinessFieldsSchema = z
  .object({ gcloudClientEmail: z.string().max(320), gcloudPrivateKey: z.string().max(10_000) })
  .refine((v) => validateGoogleBusiness({ clientEmail: v.gcloudClientEmail, privateKey: v.gcloudPrivateKey }) === null, {
    message: CHANNEL_MESSAGES.googleBusinessFields,
  })
  .transform((v) => {
    const n = normalizeGoogleBusiness({ clientEmail: v.gcloudClientEmail, privateKey: v.gcloudPrivateKey });
    return { gcloudClientEmail: n.clientEmail, gcloudPrivateKey: n.privateKey };
  });

// ---------------------------------------------------------------- Channel Settings and lists

/** Callable saveChannelSettings: the Channel Settings block (smartInit) of an agent. Members of its workspace. */
export const saveChannelSettings = callable('saveChannelSettings', {
  input: z.object({ ...agentTarget, smartInit: z.boolean() }),
  output: z.object({ smartInit: z.boolean() }),
});

/** One connected endpoint (bot, channel, page, number) and the agent that answers it. */
export const channelConnectionSchema = z.object({
  channel: z.enum(CHANNEL_KINDS),
  /** The record's document id (telegramBots/{id}, discordChannels/{id}, metaPages/{id}, waNumbers/{id}). */
  id: z.string(),
  agentId: z.string(),
  agentTitle: z.string(),
  /** What the user recognises: @bot, channel id, page name, phone number. */
  label: z.string(),
});
export type ChannelConnection = z.infer<typeof channelConnectionSchema>;

/**
 * Callable listChannelConnections: the workspace's connections across its agents (optionally one agent's, or some
 * channels only), for the Channels page and the lists across agents. Members of the workspace; `workspaceId`
 * defaults to the caller's own.
 */
export const listChannelConnections = callable('listChannelConnections', {
  input: z.object({
    region: regionSchema,
    agentId: agentIdSchema.optional(),
    channels: z.array(z.enum(CHANNEL_KINDS)).max(CHANNEL_KINDS.length).optional(),
  }),
  output: z.object({ connections: z.array(channelConnectionSchema) }),
});

// ================================================================ Meta: WhatsApp, Messenger, Instagram (CH-META)
// Contracts for Embedded Signup, numbers, templates, pages and the Meta webhooks go below this line.
export * from './channels-meta';
