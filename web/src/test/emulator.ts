// Web tests that need Firestore's real behaviour (query order, limits, listeners, rules) run against the
// Google Firestore emulator that the root vitest config starts for the whole run, each test file in a
// project of its own. The app's own modules connect to it through window.__PARLEY_CONFIG__, exactly as
// on the local stack; `server` writes as the functions would (the emulator's rules stay open unless a
// test loads firestore.rules).
import { deleteApp, getApps, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { liveDb } from '../lib/live-firebase';
import { REGIONS } from '@parley/core';

declare module 'vitest' {
  // Provided by the root config's global setup (local/testing/firestore-global-setup.ts).
  export interface ProvidedContext {
    firestoreEmulator: string;
  }
}

export interface TestFirestore {
  projectId: string;
  /** host:port of the emulator. */
  hostPort: string;
  /** A separate client standing in for the functions (open rules only). */
  server: Firestore;
  /** Loads a rules source for this project's databases, until the end of the calling test (then rules are open again). */
  loadRules(source: string): Promise<void>;
}

// Files share one module graph (vitest.config.ts), so the app's default Firebase app may have been made by an earlier
// file for another project: it is deleted before and after this file, and the app's modules make it again from this
// file's configuration (lib/firebase.ts).
async function deleteDefaultApp(): Promise<void> {
  const app = getApps().find((found) => found.name === '[DEFAULT]');
  if (app) await deleteApp(app);
}

export function connectTestFirestore(): TestFirestore {
  const earlierConfig = window.__PARLEY_CONFIG__;
  beforeAll(deleteDefaultApp);
  const hostPort = inject('firestoreEmulator');
  const [host = '127.0.0.1', port = '8080'] = hostPort.split(':');
  const projectId = `demo-web${Math.random().toString(36).slice(2, 10)}`;
  window.__PARLEY_CONFIG__ = {
    firebase: { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId },
    functionsRegion: 'us-central1',
    apiBase: '',
    // Auth and Functions are not running in unit tests; only Firestore is reached.
    emulators: { auth: 'http://127.0.0.1:9099', firestore: { host, port: Number(port) }, functions: { host: '127.0.0.1', port: 5001 } },
  };
  const serverApp = initializeApp({ projectId, apiKey: 'demo-api-key' }, `server-${projectId}`);
  const server = getFirestore(serverApp);
  connectFirestoreEmulator(server, host, Number(port));

  afterAll(async () => {
    // Open listeners would keep the worker's connections alive.
    for (const region of REGIONS) await terminate(liveDb(region));
    await terminate(server);
    await deleteApp(serverApp);
    await deleteDefaultApp();
    window.__PARLEY_CONFIG__ = earlierConfig;
    // Terminating sends each channel's closing request: let them finish before the window is torn down.
    await (window as unknown as { happyDOM?: { waitUntilComplete(): Promise<void> } }).happyDOM?.waitUntilComplete();
  });

  return {
    projectId,
    hostPort,
    server,
    async loadRules(source) {
      // Tests run in any order (--sequence.shuffle): the next test of the file writes as it pleases again.
      onTestFinished(() => putRules(OPEN_RULES));
      await putRules(source);
    },
  };

  async function putRules(source: string): Promise<void> {
    const res = await fetch(`http://${hostPort}/emulator/v1/projects/${projectId}:securityRules`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: source }] } }),
    });
    if (!res.ok) throw new Error(`loading rules: ${res.status} ${await res.text()}`);
  }
}

const OPEN_RULES = "rules_version = '2';\nservice cloud.firestore { match /databases/{database}/documents { match /{document=**} { allow read, write: if true; } } }";
