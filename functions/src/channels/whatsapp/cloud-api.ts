// The WhatsApp Cloud API calls, through the one Graph client: numbers of a WABA, registering a number,
// subscribing our app to a WABA, sending text and creating templates.
import { whatsappProviderNumberSchema, type WhatsappProviderNumber } from '@parley/core';
import { graphRequest } from '../meta/graph';

export async function listNumbers(token: string, wabaId: string): Promise<WhatsappProviderNumber[]> {
  const res = await graphRequest<{ data?: unknown[] }>({
    path: [wabaId, 'phone_numbers'],
    query: { fields: 'id,display_phone_number,verified_name,status,quality_rating' },
    token,
  });
  return (res.data ?? []).flatMap((n) => {
    const parsed = whatsappProviderNumberSchema.safeParse(n);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function registerNumber(token: string, phoneId: string, pin: string): Promise<void> {
  await graphRequest({ method: 'POST', path: [phoneId, 'register'], token, body: { messaging_product: 'whatsapp', pin } });
}

export async function subscribeWaba(token: string, wabaId: string): Promise<void> {
  await graphRequest({ method: 'POST', path: [wabaId, 'subscribed_apps'], token });
}

export async function unsubscribeWaba(token: string, wabaId: string): Promise<void> {
  await graphRequest({ method: 'DELETE', path: [wabaId, 'subscribed_apps'], token });
}

/** A free-form text message (an individual recipient, no link preview); answers the wamid. */
export async function sendWhatsappText(token: string, phoneId: string, to: string, body: string): Promise<string> {
  const res = await graphRequest<{ messages?: Array<{ id?: string }> }>({
    method: 'POST',
    path: [phoneId, 'messages'],
    token,
    body: { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body } },
  });
  return res.messages?.[0]?.id ?? '';
}

export async function createTemplate(
  token: string,
  wabaId: string,
  template: { name: string; language: string; category: string; bodyText: string },
): Promise<{ id?: string; status?: string }> {
  return graphRequest<{ id?: string; status?: string }>({
    method: 'POST',
    path: [wabaId, 'message_templates'],
    token,
    body: { name: template.name, language: template.language, category: template.category, components: [{ type: 'BODY', text: template.bodyText }] },
  });
}

/** Meta's code for "more than 24 hours since the customer last wrote". */
export const REENGAGEMENT_ERROR_CODE = 131047;
