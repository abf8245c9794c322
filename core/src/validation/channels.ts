// Channel connection rules: the fields each channel needs (Discord, Telegram, WhatsApp numbers and messages and
// templates, Google Business) before it is connected.
import { whatsappTemplateSchema, type WhatsappTemplate } from '../schemas/channels';
import { CHANNEL_MESSAGES as M } from './messages';

export function validateDiscord(input: { channelId: string; webhookUrl: string }): string | null {
  return input.channelId.trim() && input.webhookUrl.trim() ? null : M.discordFields;
}

export function validateTelegramToken(token: string): string | null {
  return token.trim() ? null : M.telegramToken;
}

export function validateWhatsappTestMessage(input: { phone: string; numberId: string | null | undefined; message: string }): string | null {
  const phone = input.phone.trim();
  if (!phone || !input.numberId) return M.waPhoneAndId;
  if (!phone.startsWith('+')) return M.waCountryCode;
  if (!input.message.trim()) return M.waMessage;
  return null;
}

export function validateWhatsappTemplate(input: unknown): string | null {
  return whatsappTemplateSchema.safeParse(input).success ? null : M.waTemplate;
}
export function parseWhatsappTemplate(input: unknown): { ok: true; template: WhatsappTemplate } | { ok: false; error: string } {
  const r = whatsappTemplateSchema.safeParse(input);
  return r.success ? { ok: true, template: r.data } : { ok: false, error: M.waTemplate };
}

/** Google Business (deprecated): trims the e-mail; the key's newlines become commas and it is trimmed. */
export function normalizeGoogleBusiness(input: { clientEmail: string; privateKey: string }): { clientEmail: string; privateKey: string } {
  return { clientEmail: input.clientEmail.trim(), privateKey: input.privateKey.replace(/\r?\n/g, ',').trim() };
}
export function validateGoogleBusiness(input: { clientEmail: string; privateKey: string }): string | null {
  const n = normalizeGoogleBusiness(input);
  return n.clientEmail.includes('@') && n.privateKey ? null : M.googleBusinessFields;
}
