import { writeFileSync } from 'node:fs';
import { STACK_PORTS } from './ports';

/** The contract shape of window.__PARLEY_CONFIG__ (see web/index.html's /parley-config.js). */
export interface ParleyConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  emulators?: {
    auth: string;
    firestore: { host: string; port: number };
    functions: { host: string; port: number };
  };
  functionsRegion: string;
  apiBase: string;
}

export const PROJECT_ID = 'demo-parley';

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
  };
}

export function renderConfigScript(config: ParleyConfig): string {
  return `// Written by the Parley local stack (local/stack/parley-config.ts). Production deploys write real values.\nwindow.__PARLEY_CONFIG__ = ${JSON.stringify(config, null, 2)};\n`;
}

export function writeConfigScript(file: string, config: ParleyConfig = emulatorConfig()): void {
  writeFileSync(file, renderConfigScript(config));
}
