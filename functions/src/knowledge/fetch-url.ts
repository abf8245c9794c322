// Fetches a URL source: 10 s timeout, 5 MB cap, only content types we can read.
import { isIP } from 'node:net';
import type { KbFileType } from '@parley/core';
import { fileTypeOfContentType } from './extract';

export const URL_FETCH_TIMEOUT_MS = 10_000;
export const URL_MAX_BYTES = 5_000_000;

export class UrlFetchError extends Error {}

export interface FetchedPage {
  data: Uint8Array;
  type: KbFileType;
  finalUrl: string;
}

function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true;
  const kind = isIP(host);
  if (kind === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (kind === 6) return host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80');
  return false;
}

/** Local runs (emulators, tests) may crawl local sites; production refuses private addresses. */
function privateHostsAllowed(): boolean {
  return process.env.KB_ALLOW_PRIVATE_URLS === 'true' || process.env.FUNCTIONS_EMULATOR === 'true' || !!process.env.FIRESTORE_EMULATOR_HOST;
}

export function parseSourceUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UrlFetchError('Please enter a valid URL (https://...).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlFetchError('Only http and https URLs can be added.');
  if (isPrivateHost(url.hostname) && !privateHostsAllowed()) throw new UrlFetchError('This address cannot be crawled.');
  return url;
}

export async function fetchUrl(raw: string, options: { timeoutMs?: number; maxBytes?: number } = {}): Promise<FetchedPage> {
  const url = parseSourceUrl(raw);
  const timeoutMs = options.timeoutMs ?? URL_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? URL_MAX_BYTES;
  let res: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url, { redirect: 'follow', signal, headers: { 'user-agent': 'ParleyBot/1.0 (+knowledge base)', accept: 'text/html,text/plain,text/markdown,text/csv,application/pdf,*/*;q=0.5' } });
  } catch (error) {
    if (signal.aborted) throw new UrlFetchError(`The page did not answer within ${timeoutMs / 1000} seconds.`);
    throw new UrlFetchError(`Could not reach ${url.host}: ${error instanceof Error ? error.message : 'network error'}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new UrlFetchError(`The page answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`);
  }
  const contentType = res.headers.get('content-type') ?? 'text/html';
  const type = fileTypeOfContentType(contentType);
  if (!type) {
    await res.body?.cancel();
    throw new UrlFetchError(`Unsupported content type: ${contentType.split(';')[0]}.`);
  }
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new UrlFetchError(`The page is larger than ${maxBytes / 1e6} MB.`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw new UrlFetchError(`The page is larger than ${maxBytes / 1e6} MB.`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof UrlFetchError) throw error;
    if (signal.aborted) throw new UrlFetchError(`The page did not answer within ${timeoutMs / 1000} seconds.`);
    throw new UrlFetchError('The page could not be downloaded.');
  }
  return { data: Buffer.concat(chunks), type, finalUrl: res.url || url.toString() };
}
