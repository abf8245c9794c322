/**
 * firebase-admin clients on top of the shared harness (test/harness.ts), for
 * the admin-*.test.ts conformance suites. The admin SDK finds the engine the
 * way functions do in the local stack: FIRESTORE_EMULATOR_HOST.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { startHarness, type Harness, type HarnessOptions } from './harness.ts';

export interface AdminHarness {
  harness: Harness;
  app: App;
  /** The "(default)" database (region na). */
  db: Firestore;
  /** The "voiceglow-eu" database (region eu). */
  eu: Firestore;
  /** A collection id no other test uses. */
  unique(prefix: string): string;
  stop(): Promise<void>;
}

let counter = 0;

export async function startAdmin(opts: HarnessOptions = {}): Promise<AdminHarness> {
  const harness = await startHarness(opts);
  process.env.FIRESTORE_EMULATOR_HOST = harness.target;
  // No Google credentials locally: keep google-auth from probing the GCE metadata server.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: harness.projectId }, `admin-${process.pid}-${++counter}`);
  const db = getFirestore(app);
  const eu = getFirestore(app, 'voiceglow-eu');
  return {
    harness,
    app,
    db,
    eu,
    unique: (prefix) => `${prefix}-${randomUUID().slice(0, 8)}`,
    async stop() {
      await deleteApp(app);
      await harness.stop();
    },
  };
}

/** The gRPC status code of a rejected admin SDK call. */
export async function grpcCodeOf(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
  } catch (err) {
    return (err as { code?: number | string }).code ?? `no code: ${String(err)}`;
  }
  return 'resolved';
}
