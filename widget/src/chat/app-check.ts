// Firebase App Check in the chat: every call to the public API carries an App Check token (X-Firebase-AppCheck),
// which shows the functions the request comes from this chat on a registered app, not from a script replaying
// the API. The Firebase SDK (firebase/app + firebase/app-check, ≈13 KB gzip) is its own file, app-check.js,
// imported when the chat starts: it downloads while the chat paints and fetches its agent, and only the requests
// that need a token wait for it. Publishing (local/stack/widget-site.ts) stamps the web app's public App Check
// config in place of the marker below; an unpublished build (or one published without a site key) sends no token.
import type { AppCheckConfig } from './app-check-config';
import type * as Sdk from './app-check-sdk';

export { appCheckConfig, type AppCheckConfig } from './app-check-config';

/** Where each API call gets its token. */
export interface AppCheckTokens {
  /** The token to send (fresh, or refreshed by the SDK); null when none can be had — the server then decides. */
  token(): Promise<string | null>;
  /** The last token obtained, without waiting (for calls that do not need one, such as the agent). */
  current(): string | null;
}

export type LoadSdk = () => Promise<Pick<typeof Sdk, 'appCheckTokenGetter'>>;

/** app-check.js sits beside chat.html (the chat's script is inlined there, and chat.html preloads it). */
export const loadSdk: LoadSdk = () => import(new URL('app-check.js', location.href).href) as Promise<typeof Sdk>;

export const NO_APP_CHECK: AppCheckTokens = { token: async () => null, current: () => null };

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('App Check timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * Starts loading the SDK at once (nothing waits for it here) and answers each call's token. A token that cannot
 * be had in `timeoutMs` (reCAPTCHA blocked, offline) is sent as none rather than holding the chat forever.
 */
export function startAppCheck(config: AppCheckConfig | null, load: LoadSdk = loadSdk, timeoutMs = 10_000): AppCheckTokens {
  if (!config) return NO_APP_CHECK;
  let last: string | null = null;
  const getter = load().then((sdk) => sdk.appCheckTokenGetter(config));
  getter.catch(() => undefined);
  return {
    async token() {
      try {
        last = await within(
          getter.then((get) => get()),
          timeoutMs,
        );
        return last;
      } catch {
        return null;
      }
    },
    current: () => last,
  };
}
