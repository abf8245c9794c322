// A workspace's own OpenAI-compatible provider as the conversation engine uses it: read from its private secrets
// document, kept by this instance for OWN_PROVIDER_CACHE_MS (a workspace without one too), so a chat turn adds no
// Firestore read (it runs beside the turn's own reads when it is not cached). Its base URL is a URL the user gave
// us, so every request to it goes through the safe fetch (which reads each answer whole: the answer's words reach
// the visitor at once rather than piece by piece). The key is used for the request and never logged or answered.
import type { Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { LlmSettings } from '../adapters/llm/settings';
import { warmCache } from '../adapters/warm-cache';
import { safeFetch, SafeFetchError } from '../safe-fetch';
import { workspaceSecrets } from './secret-records';

/** A saved, changed or removed provider is used by every instance within this time. */
export const OWN_PROVIDER_CACHE_MS = 10_000;
/** The longest one model request may take through the safe fetch (the engine's own deadline is shorter). */
const MODEL_REQUEST_TIMEOUT_MS = 60_000;
const MAX_CACHED = 5000;

export type OwnProvider = Omit<LlmSettings, 'defaultModel'>;

/** The headers the safe fetch decoded already (the body it hands over is decompressed and whole). */
const DECODED = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const stop = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted.', 'AbortError'));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/** A fetch for the `openai` client that sends every request through the safe fetch (any port: a provider may run on its own). */
export async function safeModelFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const body = typeof init.body === 'string' ? init.body : init.body instanceof Uint8Array ? init.body : undefined;
  const method = (init.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
  const sent = safeFetch(url, { method, headers, body, ports: 'any', timeoutMs: MODEL_REQUEST_TIMEOUT_MS }).catch((error: unknown) => {
    // Our own sentence only (the SDK reports a connection error); never the address or the key.
    throw new TypeError(error instanceof SafeFetchError ? error.message : 'The model provider could not be reached.');
  });
  const res = await (init.signal ? Promise.race([sent, aborted(init.signal)]) : sent);
  const answered = new Headers();
  for (const [name, value] of Object.entries(res.headers)) if (!DECODED.has(name)) answered.set(name, value);
  return new Response(res.status === 204 || res.status === 304 ? null : new Uint8Array(res.body), { status: res.status, headers: answered });
}

/** The engine's port: the workspace's own provider, or null; cached per instance (see above). */
export function ownProviders(cacheMs = OWN_PROVIDER_CACHE_MS, now: () => number = Date.now) {
  // A workspace without a provider is kept too: most have none, and their turns then add no read.
  const cache = warmCache({ max: MAX_CACHED, keepEmpty: true });
  return (db: Firestore, region: Region, workspaceId: string): Promise<OwnProvider | null> =>
    cache.get(`${region}/${workspaceId}`, { now: now(), ttlMs: cacheMs }, () =>
      workspaceSecrets(db, workspaceId).then(({ baseUrl, apiKey }): OwnProvider | null => (baseUrl && apiKey ? { baseURL: baseUrl, apiKey, fetch: safeModelFetch } : null)),
    );
}
