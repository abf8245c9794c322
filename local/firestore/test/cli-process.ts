/**
 * The engine's CLI as a child process, for the CLI / durability suites: start it
 * (via `node --import tsx cli.ts` or the documented `npm run firestore --`), wait
 * for the ready line, and connect lite / firebase-admin clients to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp as deleteWebApp, initializeApp as initWebApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore as getLite, setLogLevel, type Firestore as LiteFirestore } from 'firebase/firestore/lite';
import { deleteApp as deleteAdminApp, initializeApp as initAdminApp, type App } from 'firebase-admin/app';
import { getFirestore as getAdmin, type Firestore as AdminFirestore } from 'firebase-admin/firestore';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CLI = path.resolve(HERE, '..', 'cli.ts');
export const REPO_ROOT = path.resolve(HERE, '..', '..', '..');
export const PROJECT = 'demo-parley';

export interface CliProcess {
  child: ChildProcess;
  port: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>;
  output(): string;
}

// Expected denials would otherwise be logged by the SDK.
setLogLevel('silent');

const children = new Set<ChildProcess>();
const webApps: FirebaseApp[] = [];
const adminApps: App[] = [];
let counter = 0;

/** Starts the CLI with `--port 0` plus args; `viaNpm` runs the documented `npm run firestore -- ...`. */
export function startCli(args: string[], opts: { viaNpm?: boolean } = {}): Promise<CliProcess> {
  const child = opts.viaNpm
    ? // Its own process group, so cleanup can also reach the engine below npm.
      spawn('npm', ['run', '--silent', 'firestore', '--', '--port', '0', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /firestore ready on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), exit, output: () => out });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${out}`));
    });
  });
}

/**
 * Sends a signal the way a terminal's Ctrl-C or a process manager does: to the
 * whole process group of an `npm run` child (npm and the engine its script execs).
 */
export function signalGroup(cli: CliProcess, signal: NodeJS.Signals): void {
  process.kill(-cli.child.pid!, signal);
}

/** True once nothing accepts connections on the port (polls for up to 10 s). */
export async function portClosed(port: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

export function liteClient(port: number, opts: { uid?: string; database?: string } = {}): LiteFirestore {
  const app = initWebApp({ projectId: PROJECT, apiKey: 'k' }, `cli-web-${process.pid}-${++counter}`);
  webApps.push(app);
  const db = opts.database ? getLite(app, opts.database) : getLite(app);
  connectFirestoreEmulator(db, '127.0.0.1', port, opts.uid ? { mockUserToken: { user_id: opts.uid, sub: opts.uid } as never } : {});
  return db;
}

/** firebase-admin (gRPC, "Bearer owner") clients for "(default)" and "voiceglow-eu" on the given port. */
export function adminClients(port: number): { db: AdminFirestore; eu: AdminFirestore } {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initAdminApp({ projectId: PROJECT }, `cli-admin-${process.pid}-${++counter}`);
  adminApps.push(app);
  return { db: getAdmin(app), eu: getAdmin(app, 'voiceglow-eu') };
}

/** Kills every child still running and closes every client (call in afterEach). */
export async function cleanupCli(): Promise<void> {
  for (const c of children) {
    if (c.spawnargs[0] === 'npm' && c.pid) {
      try {
        process.kill(-c.pid, 'SIGKILL'); // the group this helper created for this child
      } catch {
        // already gone
      }
    } else if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
  children.clear();
  await Promise.all([...webApps.splice(0).map((a) => deleteWebApp(a)), ...adminApps.splice(0).map((a) => deleteAdminApp(a))]);
}
