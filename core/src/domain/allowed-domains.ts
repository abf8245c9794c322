// The websites an agent's widget may run on (Settings → Security, the agent's `allowedDomains`). Empty: any
// website. An entry is a host (`shop.example`), a host and port (`localhost:3000`), or a wildcard
// (`*.example.com`: example.com and every subdomain). Pure; the functions enforce it on the widget's requests.
import { ALLOWED_DOMAINS_MAX, USAGE_MESSAGES } from '../constants/usage';
import { normalizeDomain } from '../validation/agency';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const ENTRY = new RegExp(`^(\\*\\.)?${LABEL}(?:\\.${LABEL})*(?::(\\d{1,5}))?$`);

/** The entry as stored (lower-case, no scheme, path or trailing dot), or null when it is not a domain. */
export function normalizeAllowedDomain(input: string): string | null {
  // Spaces inside are a typo or a sentence, not a domain (normalizeDomain would join the words).
  if (/\s/.test(input.trim())) return null;
  const entry = normalizeDomain(input);
  const match = ENTRY.exec(entry);
  if (!match || entry.length > 260) return null;
  if (match[2] !== undefined && (Number(match[2]) < 1 || Number(match[2]) > 65535)) return null;
  return entry;
}

/** The message for an entry that is not a domain, or null. */
export function validateAllowedDomain(input: string): string | null {
  return normalizeAllowedDomain(input) === null ? USAGE_MESSAGES.allowedDomainInvalid : null;
}

/** The message for a whole list (too long, or an entry that is not a domain), or null. */
export function validateAllowedDomains(entries: readonly string[]): string | null {
  if (entries.length > ALLOWED_DOMAINS_MAX) return USAGE_MESSAGES.allowedDomainsTooMany;
  return entries.map(validateAllowedDomain).find((m) => m !== null) ?? null;
}

/** Host and port of an origin such as https://shop.example:8443 (port '' when it is the scheme's default). */
function originParts(origin: string): { host: string; port: string } | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return { host: url.hostname.toLowerCase().replace(/\.$/, ''), port: url.port };
  } catch {
    return null;
  }
}

function entryMatches(entry: string, host: string, port: string): boolean {
  const [pattern, entryPort] = entry.split(':') as [string, string | undefined];
  if (entryPort !== undefined && entryPort !== port) return false;
  if (pattern.startsWith('*.')) {
    const base = pattern.slice(2);
    return host === base || host.endsWith(`.${base}`);
  }
  return host === pattern;
}

/**
 * May a page of `origin` (scheme://host[:port]) run the widget? Yes for any http(s) origin when the list is empty;
 * otherwise only when an entry matches. An opaque origin ("null": sandboxed frames, files) never matches a list.
 */
export function originAllowed(allowed: readonly string[] | null | undefined, origin: string | null | undefined): boolean {
  const entries = (allowed ?? []).map((e) => (typeof e === 'string' ? normalizeAllowedDomain(e) : null)).filter((e): e is string => e !== null);
  if (entries.length === 0 && (allowed ?? []).length === 0) return true;
  const parts = origin ? originParts(origin) : null;
  if (!parts) return false;
  return entries.some((entry) => entryMatches(entry, parts.host, parts.port));
}
