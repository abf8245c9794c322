// Meta's JavaScript SDK (locally the Meta stand-in serves one with the same FB.init/FB.login): loaded once, when a
// Meta setup opens, from the URL getMetaClientConfig names. The login popup must open right after the click (a
// browser blocks a popup opened long after the gesture), so nothing is fetched between the click and FB.login.
import { useQuery } from '@tanstack/react-query';
import type { channelsApi, CallableOutput } from '@parley/core';
import { loadScript } from '../../lib/load-script';
import { channelKeys, fetchMetaConfig } from './channels-data';

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
export interface FbSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean; autoLogAppEvents?: boolean }): void;
  login(callback: (response: FbLoginResponse) => void, options?: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FbSdk;
  }
}

let loading: Promise<FbSdk> | null = null;

export function loadMetaSdk(config: MetaClientConfig): Promise<FbSdk> {
  loading ??= (async () => {
    if (!window.FB) await loadScript(config.sdkUrl, 'The Facebook SDK could not be loaded.', { crossOrigin: 'anonymous' });
    const fb = window.FB;
    if (!fb) throw new Error('The Facebook SDK did not start.');
    fb.init({ appId: config.appId, version: config.graphVersion, cookie: true, xfbml: false, autoLogAppEvents: true });
    return fb;
  })().catch((error: unknown) => {
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
export async function embeddedSignupLogin(fb: FbSdk, config: MetaClientConfig): Promise<string | null> {
  const auth = await login(fb, {
    config_id: config.configId,
    response_type: 'code',
    override_default_response_type: true,
    extras: { setup: {}, featureType: '', sessionInfoVersion: config.sessionInfoVersion },
  });
  return auth?.code ?? null;
}

/** Facebook Login for Messenger and Instagram: the short-lived user token (null when the user cancelled). */
export async function facebookLogin(fb: FbSdk, config: MetaClientConfig): Promise<string | null> {
  const auth = await login(fb, { scope: config.pageScopes.join(','), return_scopes: true });
  return auth?.accessToken ?? null;
}

/** The Meta settings and the loaded SDK, ready before the user clicks (null until both are here). */
export function useMetaSdk(): { ready: { fb: FbSdk; config: MetaClientConfig } | null; failed: boolean } {
  const config = useQuery({ queryKey: channelKeys.metaConfig, queryFn: fetchMetaConfig, staleTime: Infinity });
  const sdk = useQuery({
    queryKey: [...channelKeys.metaConfig, 'sdk', config.data?.sdkUrl ?? ''],
    queryFn: () => loadMetaSdk(config.data!),
    enabled: !!config.data,
    staleTime: Infinity,
    // The SDK object is not data to compare or copy.
    structuralSharing: false,
  });
  return { ready: config.data && sdk.data ? { fb: sdk.data, config: config.data } : null, failed: config.isError || sdk.isError };
}
