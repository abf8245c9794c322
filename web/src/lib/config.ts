// Runtime configuration, set by /parley-config.js before the app loads (see web/index.html).

import type { ParleyConfig } from '@parley/core';

export type { ParleyConfig };

declare global {
  interface Window {
    __PARLEY_CONFIG__?: ParleyConfig;
  }
}

const FALLBACK: ParleyConfig = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-parley.firebaseapp.com', projectId: 'demo-parley' },
  functionsRegion: 'us-central1',
  apiBase: '',
};

export function parleyConfig(): ParleyConfig {
  return (typeof window !== 'undefined' && window.__PARLEY_CONFIG__) || FALLBACK;
}

/** Absolute URL of a REST API path (`/v2/...`). */
export function apiUrl(path: string): string {
  return `${parleyConfig().apiBase.replace(/\/$/, '')}${path}`;
}

/** Absolute URL of a voice library sample (`/voice/sounds/...`): beside the app unless the config names its origin. */
export function voiceSampleHref(path: string): string {
  return `${(parleyConfig().voiceSamplesOrigin ?? '').replace(/\/$/, '')}${path}`;
}
