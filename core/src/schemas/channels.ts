// Channel records: metaPages, discordChannels/{id}, telegramBots/{botId}, waNumbers. Members of the linked agent's
// workspace read the records; each record's token lives apart in {collection}/{id}/private/secrets, which only
// functions read or write. *_SECRET_FIELDS name what goes there.
import { z } from 'zod';
import {
  WHATSAPP_TEMPLATE_CATEGORIES, WHATSAPP_TEMPLATE_CATEGORY_DEFAULT, WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT,
  WHATSAPP_TEMPLATE_LANGUAGES,
} from '../constants/agent';

export const metaPageSchema = z.object({
  pageId: z.string().min(1),
  pageName: z.string().default(''),
  igPageId: z.string().optional(),
  igPageName: z.string().optional(),
  agentId: z.string().min(1),
});
export const storedMetaPageSchema = metaPageSchema.loose();
export type MetaPage = z.infer<typeof metaPageSchema>;
export const META_PAGE_SECRET_FIELDS = ['pageAccessToken'] as const;
/** metaPages/{id}/private/secrets: the page access token used to answer messages. */
export const metaPageSecretsSchema = z.object({ pageAccessToken: z.string().min(1) });

/** Page picker entry. */
export const metaPageOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().optional(),
  instagram: z.object({ id: z.string(), name: z.string().optional() }).optional(),
});

export const discordChannelSchema = z.object({
  ID: z.string().min(1),
  agentID: z.string().min(1),
  channelId: z.string().min(1),
});
export const storedDiscordChannelSchema = discordChannelSchema.loose();
export type DiscordChannel = z.infer<typeof discordChannelSchema>;
export const DISCORD_CHANNEL_SECRET_FIELDS = ['webhookUrl'] as const;
/** discordChannels/{id}/private/secrets: the webhook URL (whoever holds it may post to the channel). */
export const discordChannelSecretsSchema = z.object({ webhookUrl: z.url() });

export const telegramBotSchema = z.object({
  botId: z.string().min(1),
  agentId: z.string().min(1),
  /** Our API's webhook URL for the bot (not a secret). */
  webhookUrl: z.string(),
});
export const storedTelegramBotSchema = telegramBotSchema.loose();
export type TelegramBot = z.infer<typeof telegramBotSchema>;
export const TELEGRAM_BOT_SECRET_FIELDS = ['botToken'] as const;
/** telegramBots/{botId}/private/secrets: the bot token. */
export const telegramBotSecretsSchema = z.object({ botToken: z.string().min(1) });

export const waNumberSchema = z.object({
  agentId: z.string().min(1),
  wabaId: z.string().min(1),
  phoneId: z.string().min(1),
  phoneNumber: z.string(),
});
export const storedWaNumberSchema = waNumberSchema.loose();
export type WaNumber = z.infer<typeof waNumberSchema>;
export const WA_NUMBER_SECRET_FIELDS = ['longAccessToken'] as const;
/** waNumbers/{id}/private/secrets: the long-lived access token. */
export const waNumberSecretsSchema = z.object({ longAccessToken: z.string().min(1) });

/** A number as the WhatsApp provider lists it. */
export const whatsappProviderNumberSchema = z.object({
  id: z.string(),
  display_phone_number: z.string(),
  verified_name: z.string().default(''),
  status: z.string().default(''),
}).loose();
export type WhatsappProviderNumber = z.infer<typeof whatsappProviderNumberSchema>;

export const whatsappTemplateSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(512)
    .regex(/^[a-z0-9_]+$/, 'Template name must be lowercase with underscores instead of spaces'),
  language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES).default(WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT),
  category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES).default(WHATSAPP_TEMPLATE_CATEGORY_DEFAULT),
  bodyText: z.string().min(1).max(1024),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;
/** Lowercases and replaces spaces with underscores, as the template form does while typing. */
export const normalizeTemplateName = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '_');
