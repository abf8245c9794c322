// The one outgoing request of the events feature. Endpoint URLs are the workspace owner's to choose, so the
// request goes through the shared guarded fetch (functions/src/safe-fetch: no private or metadata addresses,
// no redirects to them) once it lands; until then only http(s) URLs are requested. Swapping `fetch` below for
// safeFetch is the whole change.
const DELIVERY_TIMEOUT_MS = 5000;

export class UnsafeEndpointError extends Error {}

export async function deliver(url: string, init: { headers: Record<string, string>; body: string }): Promise<Response> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new UnsafeEndpointError('not a URL');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new UnsafeEndpointError(`${target.protocol} is not http(s)`);
  return fetch(target, { method: 'POST', headers: init.headers, body: init.body, redirect: 'manual', signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
}
