// The one outgoing request of the events feature. Endpoint URLs are the workspace owner's to choose, so the
// delivery goes through safeFetch (functions/src/safe-fetch): no private, loopback or metadata addresses, the
// address checked is the address connected to. Webhook receivers run on ports of their own, so any port is
// allowed; redirects are not followed (a delivery is to the URL the owner configured, as Stripe's are).
import { safeFetch, type SafeResponse } from '../safe-fetch';

const DELIVERY_TIMEOUT_MS = 5000;
/** Receivers answer with a short acknowledgement; their body is not read beyond this. */
const DELIVERY_MAX_BYTES = 64_000;

export function deliver(url: string, init: { headers: Record<string, string>; body: string }): Promise<SafeResponse> {
  return safeFetch(url, {
    method: 'POST',
    headers: init.headers,
    body: init.body,
    ports: 'any',
    maxRedirects: 0,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    maxBytes: DELIVERY_MAX_BYTES,
  });
}
