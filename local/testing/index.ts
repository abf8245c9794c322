/** Test bootstrap shared by every workspace's integration suites (imported as @parley/local/testing). */
export { clearDatabase, freePort } from '../firestore-emulator/index';

/** The emulator's host:port for this test run (set by the global setup). */
export function emulatorHost(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run tests through the root vitest config (npx vitest run --project …).');
  return host;
}

/** This test file's project id (a fresh demo project per file). */
export function testProjectId(): string {
  const id = process.env.GCLOUD_PROJECT;
  if (!id?.startsWith('demo-')) throw new Error('GCLOUD_PROJECT is not a demo project: the per-file setup did not run.');
  return id;
}

/**
 * For scripts outside vitest (benches): starts an emulator of their own and points firebase-admin at it.
 * Call before anything touches firebase-admin; stop() when done.
 */
export async function startScratchEmulator(projectId = 'demo-parley'): Promise<{ hostPort: string; stop(): Promise<void> }> {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { startFirestoreEmulator } = await import('../firestore-emulator/index');
  const running = await startFirestoreEmulator({ port: 0, logFile: join(mkdtempSync(join(tmpdir(), 'parley-bench-firestore-')), 'firestore.log') });
  process.env.FIRESTORE_EMULATOR_HOST = running.hostPort;
  process.env.GCLOUD_PROJECT = projectId;
  return { hostPort: running.hostPort, stop: () => running.stop(3000) };
}
