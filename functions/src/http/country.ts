// The caller's country as the CDN in front of the functions tells it (App Engine / Cloud Run, Cloudflare, or the
// local proxy's x-country), read once here for GET /utils/ip and sign-up.
import type { IncomingHttpHeaders } from 'node:http';

const COUNTRY_HEADERS = ['x-appengine-country', 'cf-ipcountry', 'x-country'] as const;
/** Country codes the CDNs send when they do not know (App Engine's ZZ, Cloudflare's XX and T1 for Tor). */
const UNKNOWN = new Set(['ZZ', 'XX', 'T1']);

/** The caller's ISO 3166-1 alpha-2 country, or null when no CDN header names one. */
export function countryFromHeaders(headers: IncomingHttpHeaders | undefined): string | null {
  for (const name of COUNTRY_HEADERS) {
    const raw = headers?.[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && !UNKNOWN.has(value)) return value;
  }
  return null;
}
