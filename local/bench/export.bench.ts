/**
 * What the local stack's periodic export costs: how long one export of the demo data (both databases) takes, and
 * how much the export every 10 s adds to Firestore writes while it runs (≤ 5 %). The second figure is measured on
 * the Firestore emulator's own write latency (mean of sequential writes for 20 s without, then 20 s with the
 * periodic export) rather than on the functions' runtime bench, which starts an emulator of its own without the
 * stack's exports. `npx tsx local/bench/export.bench.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator } from '../firestore-emulator/index';
import { PROJECT_ID } from '../stack/parley-config';
import { exportEveryMs, repeatEvery } from '../stack/periodic';
import { seedDemoWorkspace } from '../stack/seed';
import { figure, printFigures } from './figure';

const PHASE_MS = 20_000;
const EXPORTS = 15;

const dir = mkdtempSync(join(tmpdir(), 'parley-export-bench-'));
const emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT_ID, dataDir: join(dir, 'firestore'), logFile: join(dir, 'firestore.log') });
process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
process.env.METADATA_SERVER_DETECTION ??= 'none';
const app = initializeApp({ projectId: PROJECT_ID }, 'export-bench');
const db = getFirestore(app);

try {
  await seedDemoWorkspace(db);

  const exportMs: number[] = [];
  for (let i = 0; i < EXPORTS; i++) {
    const t0 = performance.now();
    await emulator.exportNow();
    exportMs.push(performance.now() - t0);
  }
  const median = [...exportMs].sort((a, b) => a - b)[Math.floor(EXPORTS / 2)]!;

  /** Mean latency of sequential writes of a conversation-sized document for `PHASE_MS`. */
  const writeLatency = async (): Promise<{ mean: number; writes: number }> => {
    const end = performance.now() + PHASE_MS;
    let total = 0;
    let writes = 0;
    while (performance.now() < end) {
      const t0 = performance.now();
      await db.doc(`bench/${writes % 200}`).set({ text: 'a message of a conversation '.repeat(20), at: Date.now() });
      total += performance.now() - t0;
      writes++;
    }
    return { mean: total / writes, writes };
  };
  globalThis.gc?.();
  const without = await writeLatency();
  // The stack's own schedule: an export every PARLEY_EXPORT_EVERY_MS (10 s), never two at once.
  const everyMs = exportEveryMs();
  const periodic = repeatEvery(everyMs, () => emulator.exportNow(), (e) => console.error(e));
  const withExports = await writeLatency();
  await periodic.stop();
  const addedPercent = Math.max(0, ((withExports.mean - without.mean) / without.mean) * 100);

  const figures = [
    figure('one export of the demo data (both databases)', Math.round(median), 'ms', Math.round(everyMs * 0.05), `median of ${EXPORTS}; budget: 5 % of the ${everyMs / 1000} s interval`),
    figure(
      'Firestore write latency added by the periodic export',
      Number(addedPercent.toFixed(1)),
      '%',
      5,
      `mean ${withExports.mean.toFixed(2)} ms with an export every ${everyMs / 1000} s (${withExports.writes} writes) vs ${without.mean.toFixed(2)} ms without (${without.writes} writes)`,
    ),
  ];
  printFigures(figures);
  process.exitCode = figures.every((f) => f.pass) ? 0 : 1;
} finally {
  await deleteApp(app);
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
