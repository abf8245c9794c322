// Meta signs every webhook POST: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw body, keyed with
// the app secret. The check runs on the bytes received (a re-serialised body would differ: Meta escapes "/" and
// non-ASCII characters), in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function metaSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function verifyMetaSignature(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const expected = Buffer.from(metaSignature(appSecret, rawBody), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
