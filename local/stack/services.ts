/** Long-running children of the stack: Google's Firestore emulator and the Firebase emulators. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasAuthExport } from './auth-data';
import type { ProcessRecord } from './leftovers';
import { startProcess, waitForPort, type ManagedProcess } from './processes';
import { startFirestoreEmulator, type RunningEmulator } from '../firestore-emulator/index';
import { portsOverridden, STACK_PORTS } from './ports';
import { PROJECT_ID } from './parley-config';

const require = createRequire(import.meta.url);

function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/**
 * Google's Firestore emulator with firestore.rules, both databases imported from `dataDir` and exported there
 * every `exportEveryMs` and at stop (so data survives Ctrl-C, a crash, and the next start).
 */
export function startFirestore(opts: {
  root: string;
  dataDir: string;
  logDir: string;
  exportEveryMs: number | null;
  onExportError: (error: unknown) => void;
  record: ProcessRecord;
}): Promise<RunningEmulator> {
  return startFirestoreEmulator({
    port: STACK_PORTS.firestore,
    rules: join(opts.root, 'firestore.rules'),
    dataDir: opts.dataDir,
    projectId: PROJECT_ID,
    logFile: join(opts.logDir, 'firestore.log'),
    exportEveryMs: opts.exportEveryMs ?? undefined,
    onExportError: opts.onExportError,
    record: opts.record,
  });
}

/** firebase.json with the overridden ports, beside it (so its relative paths still hold); null when none are. */
function emulatorConfigFile(root: string): string | null {
  if (!portsOverridden()) return null;
  const json = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { emulators: Record<string, unknown> };
  for (const name of ['hosting', 'functions', 'auth', 'firestore'] as const) {
    json.emulators[name] = { ...(json.emulators[name] as object), port: STACK_PORTS[name] };
  }
  const file = join(root, '.firebase.local-ports.json');
  writeFileSync(file, JSON.stringify(json, null, 2));
  return file;
}

/**
 * `firebase emulators:start --only auth,functions,hosting` from the pinned firebase-tools, with auth
 * users imported from `authDir` (the stack exports them there itself: auth-data.ts). `env` reaches the function
 * processes: the emulator spawns them with its own environment (functionsEmulator.js startNode).
 */
export async function startEmulators(opts: { root: string; authDir: string; logDir: string; env: Record<string, string>; record: ProcessRecord }): Promise<ManagedProcess> {
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  // The Cloud Tasks emulator (channel answers) is tuned to dispatch at once, and a busy function worker serves
  // concurrent requests (as 2nd-gen Cloud Functions do) instead of a cold start per request: see tasks-emulator-tuning.cjs.
  const args = ['--require', fileURLToPath(new URL('./tasks-emulator-tuning.cjs', import.meta.url)), cli, 'emulators:start', '--only', 'auth,functions,hosting', '--project', PROJECT_ID, '--non-interactive'];
  if (hasAuthExport(opts.authDir)) args.push('--import', opts.authDir);
  const config = emulatorConfigFile(opts.root);
  if (config) args.push('--config', config);
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
      // The emulator reads the functions' definitions by loading the bundle, and gives up after 10 s by default: on a
      // busy machine it then serves no function at all ("Function us-central1-api does not exist") yet says ready.
      FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '90',
    },
    logFile,
    record: opts.record,
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
      waitForPort(STACK_PORTS.widget, { timeoutMs: 10_000, what: "the Hosting emulator's widget site" }),
      waitForPort(STACK_PORTS.auth, { timeoutMs: 10_000, what: 'the Auth emulator' }),
      waitForPort(STACK_PORTS.functions, { timeoutMs: 10_000, what: 'the Functions emulator' }),
    ]);
  } catch (error) {
    await proc.stop(5000);
    throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${tail(logFile)}`);
  }
  return proc;
}
