// Fetches a URL source through safeFetch (public addresses only, every redirect re-checked; 10 s, 5 MB), keeping
// only the content types we can read. The messages a source shows never repeat what the site or the network
// answered (status, body, error): a knowledge source must not tell its author what listens where.
import type { KbFileType } from '@parley/core';
import { checkUrl, safeFetch, SafeFetchError, type SafeFetchOptions } from '../safe-fetch';
import { fileTypeOfContentType } from './extract';

export const URL_FETCH_TIMEOUT_MS = 10_000;
export const URL_MAX_BYTES = 5_000_000;

export const URL_MESSAGES = {
  invalid: 'Please enter a valid URL (https://...).',
  scheme: 'Only http and https URLs can be added.',
  credentials: 'URLs with a user name or password cannot be added.',
  blocked: 'This address cannot be crawled.',
  port: 'Only the standard web ports (80, 443, 8080, 8443) can be crawled.',
  failed: 'The page could not be downloaded. Check that it is public and try again.',
  redirects: 'The page redirected too many times.',
} as const;

export class UrlFetchError extends Error {}

/** What a site said about a page's version (ETag, Last-Modified), sent back on the next read. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export interface FetchedPage {
  data: Uint8Array;
  type: KbFileType;
  finalUrl: string;
  validators: Validators;
}

function toUrlError(error: unknown, limits: { timeoutMs: number; maxBytes: number }): UrlFetchError {
  if (!(error instanceof SafeFetchError)) return new UrlFetchError(URL_MESSAGES.failed);
  switch (error.code) {
    case 'invalid-url':
      return new UrlFetchError(/http and https/.test(error.message) ? URL_MESSAGES.scheme : /user name/.test(error.message) ? URL_MESSAGES.credentials : URL_MESSAGES.invalid);
    case 'blocked':
      return new UrlFetchError(URL_MESSAGES.blocked);
    case 'port':
      return new UrlFetchError(URL_MESSAGES.port);
    case 'timeout':
      return new UrlFetchError(`The page did not answer within ${limits.timeoutMs / 1000} seconds.`);
    case 'too-large':
      return new UrlFetchError(`The page is larger than ${limits.maxBytes / 1e6} MB.`);
    case 'too-many-redirects':
      return new UrlFetchError(URL_MESSAGES.redirects);
    case 'unreachable':
      return new UrlFetchError(URL_MESSAGES.failed);
  }
}

/** The URL if it may be added (checked again, with its lookup, on every fetch); UrlFetchError otherwise. */
export function parseSourceUrl(raw: string): URL {
  try {
    return checkUrl(raw);
  } catch (error) {
    throw toUrlError(error, { timeoutMs: URL_FETCH_TIMEOUT_MS, maxBytes: URL_MAX_BYTES });
  }
}

export async function fetchUrl(raw: string, options: { timeoutMs?: number; maxBytes?: number; lookup?: SafeFetchOptions['lookup'] } = {}): Promise<FetchedPage> {
  return (await fetchUrlIfChanged(raw, {}, options))!;
}

/**
 * The page, or null when the site answers 304 to the validators of its last read (If-None-Match with its ETag,
 * If-Modified-Since with its Last-Modified): an unchanged page costs nothing.
 */
export async function fetchUrlIfChanged(raw: string, stored: Validators, options: { timeoutMs?: number; maxBytes?: number; lookup?: SafeFetchOptions['lookup'] } = {}): Promise<FetchedPage | null> {
  const limits = { timeoutMs: options.timeoutMs ?? URL_FETCH_TIMEOUT_MS, maxBytes: options.maxBytes ?? URL_MAX_BYTES };
  const headers: Record<string, string> = { 'user-agent': 'ParleyBot/1.0 (+knowledge base)', accept: 'text/html,text/plain,text/markdown,text/csv,application/pdf,*/*;q=0.5' };
  if (stored.etag) headers['if-none-match'] = stored.etag;
  if (stored.lastModified) headers['if-modified-since'] = stored.lastModified;
  let res;
  try {
    res = await safeFetch(raw, { ...limits, lookup: options.lookup, headers });
  } catch (error) {
    throw toUrlError(error, limits);
  }
  if (res.status === 304 && (stored.etag || stored.lastModified)) return null;
  // Whatever the status, the source only learns that the page could not be downloaded.
  if (!res.ok) throw new UrlFetchError(URL_MESSAGES.failed);
  const contentType = res.headers['content-type'] ?? 'text/html';
  const type = fileTypeOfContentType(contentType);
  if (!type) {
    const named = contentType.split(';')[0]!.trim();
    throw new UrlFetchError(/^[\w.+-]{1,60}\/[\w.+-]{1,60}$/.test(named) ? `Unsupported content type: ${named}.` : 'Unsupported content type.');
  }
  const validators: Validators = {
    ...(res.headers.etag ? { etag: res.headers.etag } : {}),
    ...(res.headers['last-modified'] ? { lastModified: res.headers['last-modified'] } : {}),
  };
  return { data: res.body, type, finalUrl: res.url, validators };
}
