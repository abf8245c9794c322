// Entry of widget/dist/app-check.js, imported by the chat at start (src/chat/app-check.ts): the official Firebase
// App Check SDK. Production attests with reCAPTCHA Enterprise; the local stack's chat hands out its configured debug
// token through the SDK's custom provider (there is no App Check backend offline to exchange a debug token with),
// so the chat still takes the SDK's path: one token, cached and refreshed by the SDK, on every request.
import { initializeApp } from 'firebase/app';
import { CustomProvider, getToken, initializeAppCheck, ReCaptchaEnterpriseProvider } from 'firebase/app-check';
import type { AppCheckConfig } from './app-check-config';

/** How long the local debug token is treated as valid before the SDK asks the provider again. */
const DEBUG_TOKEN_TTL_MS = 60 * 60 * 1000;

export function appCheckTokenGetter(config: AppCheckConfig): () => Promise<string> {
  const app = initializeApp({ apiKey: config.apiKey, projectId: config.projectId, appId: config.appId }, 'parley-widget');
  const { provider } = config;
  const appCheck = initializeAppCheck(app, {
    provider:
      provider.kind === 'recaptcha-enterprise'
        ? new ReCaptchaEnterpriseProvider(provider.siteKey)
        : new CustomProvider({ getToken: async () => ({ token: provider.token, expireTimeMillis: Date.now() + DEBUG_TOKEN_TTL_MS }) }),
    isTokenAutoRefreshEnabled: true,
  });
  return async () => (await getToken(appCheck)).token;
}
