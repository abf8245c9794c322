/**
 * `npm run firestore -- --port 8080 [--rules firestore.rules] [--data .data/firestore] [--host 127.0.0.1] [--project demo-parley]`
 * Google's Firestore emulator alone: DIR is imported at start and exported on SIGINT/SIGTERM, then it exits 0.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
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
  const logFile = values.data ? join(resolve(values.data), '..', 'logs', 'firestore.log') : join(mkdtempSync(join(tmpdir(), 'parley-firestore-')), 'firestore.log');
  const emulator = await startFirestoreEmulator({
    port,
    host: values.host,
    rules: values.rules ? resolve(values.rules) : undefined,
    dataDir: values.data ? resolve(values.data) : undefined,
    projectId: values.project,
    logFile,
  });
  console.log(`firestore ready on ${emulator.hostPort} (Google's Firestore emulator; log: ${logFile})`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    emulator.stop().then(
      () => process.exit(0),
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
