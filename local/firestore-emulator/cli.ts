/**
 * `npm run firestore -- --port 8080 [--rules firestore.rules] [--data .data/firestore] [--host 127.0.0.1] [--project demo-parley]`
 * Google's Firestore emulator alone: DIR is imported at start, exported every 10 s while it runs
 * (PARLEY_EXPORT_EVERY_MS) and on SIGINT/SIGTERM, then it exits 0. After a crash, the next start stops the
 * emulator the crashed run left (DIR/processes.json) and imports the latest complete export.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ageOf } from '../stack/folder-swap';
import { describeLeftovers, processRecord, stopLeftovers } from '../stack/leftovers';
import { exportEveryMs } from '../stack/periodic';
import { EmulatorSetupError } from './locate';
import { startFirestoreEmulator } from './emulator';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      rules: { type: 'string' },
      project: { type: 'string', default: 'demo-parley' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got "${values.port}"`);
  const dataDir = values.data ? resolve(values.data) : undefined;
  const logFile = dataDir ? join(dataDir, '..', 'logs', 'firestore.log') : join(mkdtempSync(join(tmpdir(), 'parley-firestore-')), 'firestore.log');
  const recordFile = dataDir ? join(dataDir, 'processes.json') : null;
  if (recordFile) {
    const leftovers = describeLeftovers(await stopLeftovers(recordFile));
    if (leftovers) console.log(`firestore: ${leftovers}`);
  }
  const record = recordFile ? processRecord(recordFile) : undefined;
  const emulator = await startFirestoreEmulator({
    port,
    host: values.host,
    rules: values.rules ? resolve(values.rules) : undefined,
    dataDir,
    projectId: values.project,
    logFile,
    exportEveryMs: exportEveryMs(),
    onExportError: (e) => console.error(`firestore: exporting to ${dataDir} failed (trying again): ${e instanceof Error ? e.message : String(e)}`),
    record,
  });
  const { databases, exportedAt } = emulator.imported;
  if (exportedAt) console.log(`firestore: imported ${databases.join(', ')} from ${dataDir}, exported ${ageOf(exportedAt)} ago`);
  console.log(`firestore ready on ${emulator.hostPort} (Google's Firestore emulator; log: ${logFile})`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    emulator.stop().then(
      () => {
        record?.close();
        process.exit(0);
      },
      (e: unknown) => {
        console.error(`firestore: error while stopping on ${signal}: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(`firestore: ${e instanceof EmulatorSetupError || e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
