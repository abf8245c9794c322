/**
 * `npm start`: builds what changed, starts Google's Firestore emulator, the provider stand-ins and the
 * Auth/Functions/Hosting emulators, seeds the demo workspace once, and prints where Parley runs.
 * Data lives under .data/, exported every 10 s and at Ctrl-C (which stops everything); after a crash the next start
 * stops what the crashed run left running and imports the latest complete export.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PortsTakenError } from './stack/ports';
import { startStack, type RunningStack } from './stack/stack';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.PARLEY_DATA_DIR ?? join(root, '.data');

async function main(): Promise<void> {
  const started = Date.now();
  let stack: RunningStack | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Parley (saving data under ${dataDir})…`);
    await stack?.stop();
    console.log('Parley stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('Ctrl-C'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  stack = await startStack({ root, dataDir, log: (line) => console.log(line) });
  if (stopping) return;
  const steps = Object.entries(stack.timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ');
  console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s (${steps}). Logs: ${join(dataDir, 'logs')}. Press Ctrl-C to stop.\n`);
  console.log(`Parley is running at ${stack.url}`);
  console.log(`Demo sign-in: ${stack.demo.email} / ${stack.demo.password}`);
  if (stack.mailboxUrl) console.log(`Mailbox: ${stack.mailboxUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof PortsTakenError) console.error(`\nCannot start: ${error.message}`);
  else console.error(`\nParley could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
