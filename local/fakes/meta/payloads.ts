// Webhook bodies exactly as Meta sends them (WhatsApp Cloud API, Messenger, Instagram messaging) and Meta's way of
// signing them: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the body bytes with the app secret (plus the
// older SHA-1 X-Hub-Signature). Meta's JSON escapes "/" and every non-ASCII character, so a receiver that
// re-serialises the parsed body instead of hashing the bytes it got computes another signature.
import { createHmac } from 'node:crypto';
import { digits, type FakeNumber } from './world';

/** JSON as Meta writes it: "\/" for "/", \uXXXX for every non-ASCII UTF-16 unit. */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function signatureHeaders(appSecret: string, body: string): Record<string, string> {
  return {
    'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
    'x-hub-signature': `sha1=${createHmac('sha1', appSecret).update(body).digest('hex')}`,
  };
}

const seconds = (ms: number): string => String(Math.floor(ms / 1000));

export type WhatsappInbound =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio' | 'video' | 'document' | 'sticker' }
  | { type: 'location' }
  | { type: 'interactive'; title: string }
  | { type: 'button'; text: string };

function whatsappMessage(kind: WhatsappInbound, from: string, id: string, now: number): Record<string, unknown> {
  const base = { from, id, timestamp: seconds(now) };
  switch (kind.type) {
    case 'text':
      return { ...base, type: 'text', text: { body: kind.text } };
    case 'location':
      return { ...base, type: 'location', location: { latitude: 52.52, longitude: 13.405, name: 'Somewhere' } };
    case 'interactive':
      return { ...base, type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'btn-1', title: kind.title } } };
    case 'button':
      return { ...base, type: 'button', button: { payload: kind.text, text: kind.text } };
    default:
      return { ...base, type: kind.type, [kind.type]: { mime_type: 'application/octet-stream', sha256: 'local', id: `${id}-media` } };
  }
}

function whatsappValue(number: FakeNumber, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: digits(number.display_phone_number), phone_number_id: number.id },
    ...extra,
  };
}

function whatsappEnvelope(number: FakeNumber, value: Record<string, unknown>): Record<string, unknown> {
  return { object: 'whatsapp_business_account', entry: [{ id: number.wabaId, changes: [{ value, field: 'messages' }] }] };
}

export function whatsappInboundPayload(number: FakeNumber, user: { waId: string; name: string }, messageId: string, kind: WhatsappInbound, now: number) {
  return whatsappEnvelope(
    number,
    whatsappValue(number, {
      contacts: [{ profile: { name: user.name }, wa_id: user.waId }],
      messages: [whatsappMessage(kind, user.waId, messageId, now)],
    }),
  );
}

export type WhatsappStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** The 24-hour customer-service window closed: what Meta reports for a free-form message sent outside it. */
export const REENGAGEMENT_ERROR = {
  code: 131047,
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' },
  href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
};

export function whatsappStatusPayload(number: FakeNumber, wamid: string, recipient: string, status: WhatsappStatus, now: number) {
  const entry: Record<string, unknown> = { id: wamid, status, timestamp: seconds(now), recipient_id: recipient };
  if (status === 'failed') entry.errors = [REENGAGEMENT_ERROR];
  else {
    entry.conversation = { id: `conv-${recipient}`, origin: { type: 'service' }, ...(status === 'sent' ? { expiration_timestamp: seconds(now + 24 * 3600_000) } : {}) };
    entry.pricing = { billable: true, pricing_model: 'CBP', category: 'service' };
  }
  return whatsappEnvelope(number, whatsappValue(number, { statuses: [entry] }));
}

/** Messenger (object page) and Instagram (object instagram) messaging events share one shape. */
export function messagingPayload(
  object: 'page' | 'instagram',
  accountId: string,
  event: { senderId: string; recipientId: string; mid: string; text?: string; isEcho?: boolean; attachment?: string },
  now: number,
) {
  const message: Record<string, unknown> = { mid: event.mid };
  if (event.isEcho) message.is_echo = true;
  if (event.text !== undefined) message.text = event.text;
  if (event.attachment) message.attachments = [{ type: event.attachment, payload: { url: 'https://graph.local/attachments/1' } }];
  return {
    object,
    entry: [{ id: accountId, time: now, messaging: [{ sender: { id: event.senderId }, recipient: { id: event.recipientId }, timestamp: now, message }] }],
  };
}
