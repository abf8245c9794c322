/**
 * Shared test harness for the Firestore conformance suites (lite web SDK here,
 * firebase-admin in the gRPC suite). Starts an engine on a free port, or, when
 * FIRESTORE_TARGET=host:port is set, points at that server instead (e.g.
 * Google's emulator) so the same suites can run differentially.
 *
 *   const fs = await startHarness();            // beforeAll
 *   const db = fs.liteDb();                      // owner-less web client
 *   const alice = fs.liteDb({ uid: 'alice' });   // signed-in web client
 *   await fs.clear();                            // between tests
 *   await fs.stop();                             // afterAll
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import type { CompiledRules } from '../src/contract.ts';

export const PROJECT_ID = 'demo-parley';

export interface Harness {
  host: string;
  port: number;
  /** "host:port" */
  target: string;
  projectId: string;
  /** true when running against our own engine (FIRESTORE_TARGET not set). */
  local: boolean;
  /** A lite web-SDK Firestore; uid signs in with an unsigned mock ID token; database defaults to "(default)". */
  liteDb(opts?: { uid?: string; claims?: Record<string, unknown>; database?: string }): Firestore;
  /** Base URL for raw REST calls: http://host:port */
  url: string;
  /** Clears a database (default "(default)") through the emulator endpoint. */
  clear(database?: string): Promise<void>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  rules?: CompiledRules | string;
  dataDir?: string;
  projectId?: string;
  /** Engine option: lock wait before ABORTED (ms). */
  lockTimeoutMs?: number;
}

let appCounter = 0;
// Expected errors (denials, not-found) would otherwise be logged by the SDK in every test.
setLogLevel('silent');

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const projectId = opts.projectId ?? PROJECT_ID;
  let host: string;
  let port: number;
  let stopEngine: () => Promise<void> = async () => {};
  // FIRESTORE_TARGET=host:port, or "official" to use the emulator FIRESTORE_EMULATOR_HOST points at.
  const rawTarget = process.env.FIRESTORE_TARGET;
  const target = rawTarget === 'official' ? process.env.FIRESTORE_EMULATOR_HOST : rawTarget;
  if (rawTarget && (!target || !target.includes(':'))) {
    throw new Error('FIRESTORE_TARGET must be host:port, or "official" with FIRESTORE_EMULATOR_HOST=host:port set.');
  }
  if (target && !opts.rules && !opts.dataDir) {
    const i = target.lastIndexOf(':');
    host = target.slice(0, i);
    port = Number(target.slice(i + 1));
  } else {
    const { startFirestore } = await import('../index.ts');
    const engine = await startFirestore({ port: 0, rules: opts.rules, dataDir: opts.dataDir, lockTimeoutMs: opts.lockTimeoutMs });
    host = engine.host;
    port = engine.port;
    stopEngine = () => engine.stop();
  }
  const apps: FirebaseApp[] = [];
  const url = `http://${host}:${port}`;
  return {
    host,
    port,
    target: `${host}:${port}`,
    projectId,
    local: !target,
    url,
    liteDb({ uid, claims, database } = {}) {
      const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, `harness-${process.pid}-${++appCounter}`);
      apps.push(app);
      const db = database ? getFirestore(app, database) : getFirestore(app);
      connectFirestoreEmulator(
        db,
        host,
        port,
        uid ? { mockUserToken: { user_id: uid, sub: uid, ...(claims ?? {}) } as never } : {},
      );
      return db;
    },
    async clear(database = '(default)') {
      const res = await fetch(`${url}/emulator/v1/projects/${projectId}/databases/${encodeURIComponent(database)}/documents`, {
        method: 'DELETE',
      });
      if (!res.ok) throw new Error(`clear failed: ${res.status} ${await res.text()}`);
    },
    async stop() {
      await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
      await stopEngine();
    },
  };
}
