/** Long-running children of the stack: the Firestore engine and the Firebase emulators. */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startProcess, waitForPort, type ManagedProcess } from './processes';
import { STACK_PORTS } from './ports';
import { PROJECT_ID } from './parley-config';

const require = createRequire(import.meta.url);

function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** The engine as its CLI (`npm run firestore`) runs it, persisting under `dataDir` and enforcing firestore.rules. */
export async function startFirestoreEngine(opts: { root: string; dataDir: string; logDir: string }): Promise<ManagedProcess> {
  const cli = join(opts.root, 'local/firestore/cli.ts');
  if (!existsSync(cli)) throw new Error('The Firestore engine (local/firestore/cli.ts) is missing, so the stack cannot start.');
  mkdirSync(opts.dataDir, { recursive: true });
  const logFile = join(opts.logDir, 'firestore.log');
  const proc = startProcess({
    name: 'Firestore engine',
    command: process.execPath,
    args: ['--import', 'tsx', cli, '--port', String(STACK_PORTS.firestore), '--data', opts.dataDir, '--rules', join(opts.root, 'firestore.rules'), '--project', PROJECT_ID],
    cwd: opts.root,
    logFile,
  });
  try {
    await waitForPort(STACK_PORTS.firestore, { exited: proc.exited, timeoutMs: 60_000, what: 'the Firestore engine' });
  } catch (error) {
    await proc.stop(2000);
    throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${tail(logFile)}`);
  }
  return proc;
}

/**
 * `firebase emulators:start --only auth,functions,hosting` from the pinned firebase-tools, with auth
 * users imported from and exported to `authDir` so they survive restarts. `env` reaches the function
 * processes: the emulator spawns them with its own environment (functionsEmulator.js startNode).
 */
export async function startEmulators(opts: { root: string; authDir: string; logDir: string; env: Record<string, string> }): Promise<ManagedProcess> {
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  mkdirSync(opts.authDir, { recursive: true });
  const args = [cli, 'emulators:start', '--only', 'auth,functions,hosting', '--project', PROJECT_ID, '--non-interactive', '--export-on-exit', opts.authDir];
  if (existsSync(join(opts.authDir, 'firebase-export-metadata.json'))) args.push('--import', opts.authDir);
  const logFile = join(opts.logDir, 'emulators.log');
  let ready = false;
  let readyResolve!: () => void;
  const readySignal = new Promise<void>((resolve) => (readyResolve = resolve));
  let seen = '';
  const proc = startProcess({
    name: 'Firebase emulators',
    command: process.execPath,
    args,
    cwd: opts.root,
    env: {
      ...process.env,
      ...opts.env,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${STACK_PORTS.firestore}`,
      GCLOUD_PROJECT: PROJECT_ID,
      NO_UPDATE_NOTIFIER: '1',
      METADATA_SERVER_DETECTION: 'none',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    },
    logFile,
    onOutput: (text) => {
      if (ready) return;
      seen = (seen + text).slice(-4000);
      if (seen.includes('All emulators ready')) {
        ready = true;
        readyResolve();
      }
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the Firebase emulators were not ready within 150 s')), 150_000);
      void readySignal.then(() => {
        clearTimeout(timer);
        resolve();
      });
      void proc.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the Firebase emulators exited (code ${code}) before they were ready`));
      });
    });
    await Promise.all([
      waitForPort(STACK_PORTS.hosting, { timeoutMs: 10_000, what: 'the Hosting emulator' }),
      waitForPort(STACK_PORTS.auth, { timeoutMs: 10_000, what: 'the Auth emulator' }),
      waitForPort(STACK_PORTS.functions, { timeoutMs: 10_000, what: 'the Functions emulator' }),
    ]);
  } catch (error) {
    await proc.stop(5000);
    throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${tail(logFile)}`);
  }
  return proc;
}
