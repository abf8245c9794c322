// Signatures of outgoing events, the Standard Webhooks way: each delivery carries `webhook-id` (the delivery's id,
// the same on every retry so a receiver can drop duplicates), `webhook-timestamp` (Unix seconds of this attempt)
// and `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the bytes of the
// workspace's `whsec_` secret (base64 after the prefix). Any Standard Webhooks library verifies it; a receiver
// rejects old timestamps, so a captured delivery cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eventsApi } from '@parley/core';

const keyOf = (secret: string): Buffer => Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
const hmac = (secret: string, id: string, t: number, body: string) => createHmac('sha256', keyOf(secret)).update(`${id}.${t}.${body}`, 'utf8').digest('base64');

/** The three headers for `body` (the exact bytes sent) of delivery `id`, signed at `t` (Unix seconds). */
export function webhookHeaders(secret: string, id: string, body: string, t: number): Record<string, string> {
  const h = eventsApi.WEBHOOK_HEADERS;
  return { [h.id]: id, [h.timestamp]: String(t), [h.signature]: `v1,${hmac(secret, id, t, body)}` };
}

export type SignatureCheck = 'ok' | 'malformed' | 'mismatch' | 'too-old';

/**
 * What a receiver does with a delivery: the three headers must be there, one `v1,` signature must match the body
 * exactly as received, and the timestamp must be within `toleranceSeconds` of now (either side, for clock skew).
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = eventsApi.EVENT_SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  const h = eventsApi.WEBHOOK_HEADERS;
  const read = (name: string) => { const v = headers[name]; return Array.isArray(v) ? v[0] : v; };
  const id = read(h.id);
  const t = Number(read(h.timestamp));
  const signatures = (read(h.signature) ?? '').split(' ').filter((s) => s.startsWith('v1,')).map((s) => Buffer.from(s.slice(3), 'base64'));
  if (!id || !Number.isInteger(t) || signatures.length === 0) return 'malformed';
  const expected = Buffer.from(hmac(secret, id, t, body), 'base64');
  if (!signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) return 'mismatch';
  return Math.abs(nowSeconds - t) > toleranceSeconds ? 'too-old' : 'ok';
}
