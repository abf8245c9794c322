/**
 * `npm run firestore -- --port 8080 --data .data/firestore [--rules firestore.rules] [--import seed.json] [--host 127.0.0.1] [--project demo-parley]`
 * Serves until SIGINT/SIGTERM, then flushes the log and exits 0.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startFirestore } from './index.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      rules: { type: 'string' },
      import: { type: 'string' },
      project: { type: 'string' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got "${values.port}"`);
  const rules = values.rules ? fs.readFileSync(values.rules, 'utf8') : undefined;
  const fsrv = await startFirestore({
    port,
    host: values.host,
    dataDir: values.data,
    rules,
    importFile: values.import,
    projectId: values.project,
  });
  console.log(`firestore ready on ${fsrv.host}:${fsrv.port}`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    fsrv.stop().then(
      () => process.exit(0),
      (e) => {
        console.error(`firestore: error while stopping on ${signal}:`, e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e) => {
  console.error(`firestore: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
