// Where Stripe Checkout may send the browser back: the app's own origin, or a verified host of the agency (https;
// plain http only where the app itself runs on http, i.e. locally). Anything else would make the platform's
// checkout an open redirect to an address the caller chose.
import { HttpError } from '../http/endpoint';

/** The app's own URL (PARLEY_APP_URL; the local stack's Hosting otherwise), without a trailing slash. */
export const appUrl = (): string => (process.env.PARLEY_APP_URL || 'http://127.0.0.1:5000').replace(/\/$/, '');

export const RETURN_URL_REFUSED = 'The return addresses must be on this app or on one of the agency’s verified domains.';

export function isAllowedReturnUrl(url: string, appUrl: string, agencyHosts: ReadonlySet<string>): boolean {
  let target: URL;
  let app: URL;
  try {
    target = new URL(url);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (target.origin === app.origin) return true;
  const scheme = target.protocol === 'https:' || (target.protocol === 'http:' && app.protocol === 'http:');
  return scheme && !target.username && !target.password && agencyHosts.has(target.hostname.toLowerCase());
}

/** 400 with a sentence unless every URL is allowed. */
export function requireAllowedReturnUrls(urls: readonly string[], appUrl: string, agencyHosts: ReadonlySet<string>): void {
  if (!urls.every((url) => isAllowedReturnUrl(url, appUrl, agencyHosts))) throw new HttpError(400, RETURN_URL_REFUSED);
}
