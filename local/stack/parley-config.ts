import { writeFileSync } from 'node:fs';
import type { ParleyConfig } from '@parley/core';
import { STACK_PORTS } from './ports';

export type { ParleyConfig } from '@parley/core';

export const PROJECT_ID = 'demo-parley';
/** The local web app's id (App Check keys its cached token by it; no such app exists anywhere). */
export const LOCAL_APP_ID = '1:000000000000:web:parley-local';
/**
 * The App Check debug token of the local stack: the published chat's App Check SDK hands it out and the Functions
 * emulator accepts exactly it (functions/src/adapters/app-check.ts). Deployed functions never accept it.
 */
export const LOCAL_APP_CHECK_DEBUG_TOKEN = 'parley-local-app-check-debug-6f1d2c9a';

export function emulatorConfig(): ParleyConfig {
  return {
    firebase: { apiKey: 'demo-parley-local-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID },
    emulators: {
      auth: `http://127.0.0.1:${STACK_PORTS.auth}`,
      firestore: { host: '127.0.0.1', port: STACK_PORTS.firestore },
      functions: { host: '127.0.0.1', port: STACK_PORTS.functions },
    },
    functionsRegion: 'us-central1',
    apiBase: '',
    widgetOrigin: `http://127.0.0.1:${STACK_PORTS.widget}`,
    // The Stripe stand-in (local/fakes/stripe) serves Stripe.js at /v3 and accepts any pk_test_ key.
    stripe: { publishableKey: 'pk_test_local', scriptUrl: 'http://127.0.0.1:9404/v3' },
    // The voice stand-in (local/fakes/vapi) serves the voice library's samples.
    voiceSamplesOrigin: 'http://127.0.0.1:9414',
  };
}

export function renderConfigScript(config: ParleyConfig): string {
  return `// Written by the Parley local stack (local/stack/parley-config.ts). Production deploys write real values.\nwindow.__PARLEY_CONFIG__ = ${JSON.stringify(config, null, 2)};\n`;
}

export function writeConfigScript(file: string, config: ParleyConfig = emulatorConfig()): void {
  writeFileSync(file, renderConfigScript(config));
}
