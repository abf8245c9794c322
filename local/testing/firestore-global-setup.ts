/**
 * Vitest global setup: one Google Firestore emulator for the whole test run (every project shares it).
 * Test files are isolated by project id (see per-file-project.ts), so nothing is cleared between them.
 * FIRESTORE_TARGET=host:port uses an emulator that is already running instead.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator, type RunningEmulator } from '../firestore-emulator/index';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulator: string;
  }
}

let running: RunningEmulator | null = null;

export async function setup(project: TestProject): Promise<void> {
  let hostPort = process.env.FIRESTORE_TARGET;
  if (!hostPort) {
    const logFile = join(mkdtempSync(join(tmpdir(), 'parley-test-firestore-')), 'firestore.log');
    running = await startFirestoreEmulator({ port: 0, logFile });
    hostPort = running.hostPort;
  }
  // Workers inherit the environment; provide() also reaches tests that use inject().
  process.env.FIRESTORE_EMULATOR_HOST = hostPort;
  project.provide('firestoreEmulator', hostPort);
}

export async function teardown(): Promise<void> {
  await running?.stop(3000);
  running = null;
}
