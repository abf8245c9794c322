// Meta's JavaScript SDK (locally the Meta stand-in serves one with the same FB.init/FB.login): loaded once, on the
// first Continue With Meta / Facebook click, from the URL getMetaClientConfig names.
import type { channelsApi, CallableOutput } from '@parley/core';

export type MetaClientConfig = CallableOutput<typeof channelsApi.getMetaClientConfig>;

interface FbAuthResponse {
  accessToken?: string;
  code?: string;
  userID?: string;
}
interface FbLoginResponse {
  status?: string;
  authResponse?: FbAuthResponse | null;
}
interface FbSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean; autoLogAppEvents?: boolean }): void;
  login(callback: (response: FbLoginResponse) => void, options?: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FbSdk;
  }
}

let loading: Promise<FbSdk> | null = null;

function loadSdk(config: MetaClientConfig): Promise<FbSdk> {
  loading ??= new Promise<FbSdk>((resolve, reject) => {
    const ready = () => {
      const fb = window.FB;
      if (!fb) return false;
      fb.init({ appId: config.appId, version: config.graphVersion, cookie: true, xfbml: false, autoLogAppEvents: true });
      resolve(fb);
      return true;
    };
    if (ready()) return;
    const script = document.createElement('script');
    script.src = config.sdkUrl;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      if (!ready()) reject(new Error('The Facebook SDK did not start.'));
    };
    script.onerror = () => reject(new Error('The Facebook SDK could not be loaded.'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function login(fb: FbSdk, options: Record<string, unknown>): Promise<FbAuthResponse | null> {
  return new Promise((resolve) => fb.login((response) => resolve(response.authResponse ?? null), options));
}

/**
 * WhatsApp Embedded Signup: the popup with the configuration id, response type `code` and sessionInfoVersion 2.
 * Answers the code to exchange (null when the user closed it); the number picked arrives as WA_EMBEDDED_SIGNUP.
 */
export async function embeddedSignupLogin(config: MetaClientConfig): Promise<string | null> {
  const fb = await loadSdk(config);
  const auth = await login(fb, {
    config_id: config.configId,
    response_type: 'code',
    override_default_response_type: true,
    extras: { setup: {}, featureType: '', sessionInfoVersion: config.sessionInfoVersion },
  });
  return auth?.code ?? null;
}

/** Facebook Login for Messenger and Instagram: the short-lived user token (null when the user cancelled). */
export async function facebookLogin(config: MetaClientConfig): Promise<string | null> {
  const fb = await loadSdk(config);
  const auth = await login(fb, { scope: config.pageScopes.join(','), return_scopes: true });
  return auth?.accessToken ?? null;
}
