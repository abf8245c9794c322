// Signatures of outgoing events, as Stripe signs its webhooks: the Parley-Signature header holds the time of
// signing and an HMAC-SHA256 of `${t}.${body}` with the workspace's signing secret. A receiver recomputes it
// (verifyEventSignature) to know the delivery is ours and unchanged, and rejects old timestamps, so a captured
// delivery cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eventsApi } from '@parley/core';

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

/** The Parley-Signature header value for `body` (the exact bytes sent) signed at `t` (Unix seconds). */
export function signEvent(secret: string, body: string, t: number): string {
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'mismatch' | 'too-old';

/**
 * What a receiver does with a delivery: the header must parse, one v1 signature must match the body exactly
 * as received, and the timestamp must be within `toleranceSeconds` of now (either side, for clock skew).
 */
export function verifyEventSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = eventsApi.EVENT_SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '')).map(([, value]) => value!);
  if (!Number.isInteger(t) || signatures.length === 0) return 'malformed';
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))) return 'mismatch';
  return Math.abs(nowSeconds - t) > toleranceSeconds ? 'too-old' : 'ok';
}
