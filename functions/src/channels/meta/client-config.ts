// getMetaClientConfig: what the browser needs for Facebook Login and Embedded Signup. Locally the Graph
// stand-in also serves the SDK and the login popup, so its origin is the one whose WA_EMBEDDED_SIGNUP
// messages count; in production Meta's own.
import { channelsApi } from '@parley/core';
import { defineCallable } from '../../callable/define-callable';
import { embeddedSignupConfigId, GRAPH_API_VERSION, graphBase, metaAppId, usesLocalGraph } from './settings';

export function metaClientConfig() {
  const local = usesLocalGraph();
  return {
    appId: metaAppId(),
    configId: embeddedSignupConfigId(),
    graphVersion: GRAPH_API_VERSION,
    sdkUrl: local ? `${graphBase()}/sdk.js` : channelsApi.META_SDK_URL,
    loginOrigins: local ? [new URL(graphBase()).origin] : [...channelsApi.META_LOGIN_ORIGINS],
    sessionInfoVersion: channelsApi.META_SESSION_INFO_VERSION,
    pageScopes: [...channelsApi.META_PAGE_SCOPES],
  };
}

export const getMetaClientConfigCallable = defineCallable(channelsApi.getMetaClientConfig, async () => metaClientConfig());
