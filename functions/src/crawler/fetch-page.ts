// One page, fetched through the safe fetch with the validators we stored (If-None-Match with its ETag,
// If-Modified-Since with its Last-Modified): a 304 costs nothing. What a page tells its job is ours to say: a
// temporary failure (5xx, no answer, timeout) never drops an indexed page; a 404 or 410 means it is gone.
import { safeFetch, SafeFetchError } from '../safe-fetch';

export const CRAWLER_USER_AGENT = 'ParleyBot/1.0 (+knowledge base crawler)';
/** Each request: 10 s, 5 MB. */
export const PAGE_FETCH = { timeoutMs: 10_000, maxBytes: 5_000_000 } as const;

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type FetchedPage =
  | { kind: 'page'; html: string; url: string; validators: Validators }
  | { kind: 'not-modified'; validators: Validators }
  | { kind: 'gone' }
  | { kind: 'skipped' }
  | { kind: 'failed'; message: string };

export const PAGE_MESSAGES = {
  unreachable: 'The page could not be downloaded just now; it is kept as it was.',
  timeout: 'The page did not answer within 10 seconds; it is kept as it was.',
  tooLarge: 'The page is larger than 5 MB.',
  blocked: 'This address cannot be crawled.',
  redirects: 'The page redirected too many times.',
} as const;

function messageOf(error: unknown): string {
  if (!(error instanceof SafeFetchError)) return PAGE_MESSAGES.unreachable;
  switch (error.code) {
    case 'timeout': return PAGE_MESSAGES.timeout;
    case 'too-large': return PAGE_MESSAGES.tooLarge;
    case 'too-many-redirects': return PAGE_MESSAGES.redirects;
    case 'blocked': case 'port': case 'invalid-url': return PAGE_MESSAGES.blocked;
    default: return PAGE_MESSAGES.unreachable;
  }
}

const validatorsOf = (headers: Record<string, string>): Validators => ({
  ...(headers.etag ? { etag: headers.etag } : {}),
  ...(headers['last-modified'] ? { lastModified: headers['last-modified'] } : {}),
});

export async function fetchPage(url: string, stored: Validators = {}): Promise<FetchedPage> {
  const headers: Record<string, string> = { 'user-agent': CRAWLER_USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' };
  if (stored.etag) headers['if-none-match'] = stored.etag;
  if (stored.lastModified) headers['if-modified-since'] = stored.lastModified;
  let res;
  try {
    res = await safeFetch(url, { ...PAGE_FETCH, headers });
  } catch (error) {
    return { kind: 'failed', message: messageOf(error) };
  }
  if (res.status === 304) return { kind: 'not-modified', validators: { ...stored, ...validatorsOf(res.headers) } };
  if (res.status === 404 || res.status === 410) return { kind: 'gone' };
  if (!res.ok) return { kind: 'failed', message: PAGE_MESSAGES.unreachable };
  // Only web pages become sources (images, PDFs and the like linked from them are left out).
  if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(res.headers['content-type'] ?? 'text/html')) return { kind: 'skipped' };
  return { kind: 'page', html: res.body.toString('utf8'), url: res.url, validators: validatorsOf(res.headers) };
}
