/**
 * Starts Google's Cloud Firestore emulator (the jar, on Java 17+) and keeps its data: on start every
 * database found under `dataDir` is imported, while it runs every database is exported there every few
 * seconds, and on stop once more. The jar's own --export-on-exit covers only a JVM shutdown it sees in time and
 * one database; exporting each database over the emulator's HTTP API keeps both regions, and a crash loses at
 * most the last interval.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freshPartial, restoreFolder, swapIntoPlace, writtenAt } from '../stack/folder-swap';
import type { ProcessRecord } from '../stack/leftovers';
import { repeatEvery } from '../stack/periodic';
import { startProcess, type ManagedProcess } from '../stack/processes';
import { classArchive } from './class-archive';
import { checkJavaRunsJar, javaCommand, locateEmulatorJar, MAIN_CLASS } from './locate';

export const DEFAULT_DATABASES = ['(default)', 'voiceglow-eu'] as const;

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** A firestore.rules file, loaded for every project. Omitted = the emulator's open rules. */
  rules?: string;
  /** Imported at start, exported (for `projectId`) at stop. */
  dataDir?: string;
  /** The project whose databases are kept under dataDir. */
  projectId?: string;
  databases?: readonly string[];
  /** The emulator's output goes here (appended). */
  logFile: string;
  /** Milliseconds to wait for the emulator to answer. */
  readyTimeoutMs?: number;
  /** With dataDir: export every this many milliseconds while running (omitted = only at stop). */
  exportEveryMs?: number;
  /** A periodic export that failed (the next one tries again). */
  onExportError?: (error: unknown) => void;
  /** Where the emulator's process group is recorded while it runs (leftovers.ts). */
  record?: ProcessRecord;
  /** Where the JVM's class-data archive is kept (class-archive.ts); omitted = the checkout's npm cache folder. */
  classArchiveDir?: string;
}

export interface ImportedData {
  databases: string[];
  /** When the oldest of the imported exports was written; null when nothing was imported. */
  exportedAt: Date | null;
}

export interface RunningEmulator {
  host: string;
  port: number;
  /** host:port, the value of FIRESTORE_EMULATOR_HOST. */
  hostPort: string;
  process: ManagedProcess;
  /** What was imported from dataDir at start. */
  imported: ImportedData;
  /** Exports the data now (when dataDir was given), after any export in progress. */
  exportNow(): Promise<void>;
  /** Exports the data (when dataDir was given), then stops the JVM. */
  stop(graceMs?: number): Promise<void>;
}

/** A free TCP port on host, chosen by the OS. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const folderFor = (database: string) => (database === '(default)' ? 'default' : database);
const METADATA = 'export/export.overall_export_metadata';

async function emulatorRequest(base: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`Firestore emulator ${path}: ${response.status} ${await response.text()}`);
}

/**
 * Exports each database of `projectId` to dataDir/<database>/export, replacing the previous export whole only once
 * the new one is complete (folder-swap.ts).
 */
export async function exportDatabases(base: string, dataDir: string, projectId: string, databases: readonly string[]): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  for (const database of databases) {
    const target = join(dataDir, folderFor(database));
    await emulatorRequest(base, `/emulator/v1/projects/${projectId}:export`, {
      database: `projects/${projectId}/databases/${database}`,
      export_directory: freshPartial(target),
      export_name: 'export',
    });
    swapIntoPlace(target);
  }
}

/** Imports the latest complete export of every database under dataDir (after undoing an interrupted export). */
export async function importDatabases(base: string, dataDir: string, projectId: string, databases: readonly string[]): Promise<ImportedData> {
  const imported: ImportedData = { databases: [], exportedAt: null };
  for (const database of databases) {
    restoreFolder(join(dataDir, folderFor(database)));
    const metadata = join(dataDir, folderFor(database), METADATA);
    const at = writtenAt(metadata);
    if (!at) continue;
    await emulatorRequest(base, `/emulator/v1/projects/${projectId}:import`, {
      database: `projects/${projectId}/databases/${database}`,
      export_directory: metadata,
    });
    imported.databases.push(database);
    if (!imported.exportedAt || at < imported.exportedAt) imported.exportedAt = at;
  }
  return imported;
}

/** Deletes every document of one database of one project (the emulator's clear endpoint). */
export async function clearDatabase(hostPort: string, projectId: string, database = '(default)'): Promise<void> {
  const response = await fetch(`http://${hostPort}/emulator/v1/projects/${projectId}/databases/${database}/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing ${projectId}/${database}: ${response.status} ${await response.text()}`);
}

async function waitUntilServing(base: string, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  let dead = false;
  void exited.then(() => (dead = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dead) throw new Error("Google's Firestore emulator exited before it was ready");
    try {
      const response = await fetch(`${base}/`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Google's Firestore emulator did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

function tail(file: string, lines = 20): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

/**
 * The Java and jar pairs this process has seen run: the check starts a JVM of its own and blocks while it runs, so a
 * process that starts several emulators (the stack's tests) pays for it once. A failed check is tried again.
 */
const javaRunsJar = new Set<string>();

const ARCHIVE_GRACE_MS = 60_000;

/**
 * The emulator serves small requests from a local process for minutes, not hours: the quick compiler alone and the
 * single-threaded collector cost a third less CPU than Java's server defaults (a second compiler that re-optimises hot
 * code, a collector with threads of its own), on a machine the tests share with Chromium and the functions.
 */
export const JVM_TUNING = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] as const;

export async function startFirestoreEmulator(opts: EmulatorOptions): Promise<RunningEmulator> {
  const jar = locateEmulatorJar();
  const java = javaCommand();
  if (!javaRunsJar.has(`${java} ${jar}`)) {
    checkJavaRunsJar(jar, java);
    javaRunsJar.add(`${java} ${jar}`);
  }
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port === 0 ? await freePort(host) : opts.port;
  const projectId = opts.projectId ?? 'demo-parley';
  const databases = opts.databases ?? DEFAULT_DATABASES;
  const archive = classArchive(java, jar, { dir: opts.classArchiveDir, jvmOptions: JVM_TUNING });
  const args = [...JVM_TUNING, ...archive.jvmArgs, '-Duser.language=en', '-cp', jar, MAIN_CLASS, 'start', '--host', host, '--port', String(port)];
  if (opts.rules) args.push('--rules', opts.rules);
  const proc = startProcess({ name: "Google's Firestore emulator", command: java, args, cwd: process.cwd(), logFile: opts.logFile, record: opts.record });
  void proc.exited.then((code) => archive.settle(code));
  const base = `http://${host}:${port}`;
  let imported: ImportedData = { databases: [], exportedAt: null };
  try {
    await waitUntilServing(base, proc.exited, opts.readyTimeoutMs ?? 60_000);
    if (opts.dataDir) imported = await importDatabases(base, opts.dataDir, projectId, databases);
  } catch (error) {
    await proc.stop(2000);
    throw new Error(`${(error as Error).message}\n--- ${opts.logFile} ---\n${tail(opts.logFile)}`);
  }
  const dataDir = opts.dataDir;
  const exportAll = async () => {
    if (dataDir && proc.child.exitCode === null) await exportDatabases(base, dataDir, projectId, databases);
  };
  const exports = repeatEvery(dataDir && opts.exportEveryMs ? opts.exportEveryMs : null, exportAll, opts.onExportError ?? (() => undefined));
  let stopped: Promise<void> | null = null;
  return {
    host,
    port,
    hostPort: `${host}:${port}`,
    process: proc,
    imported,
    exportNow: () => exports.flush(),
    stop(graceMs = 10_000) {
      stopped ??= (async () => {
        try {
          await exports.stop();
          await exportAll();
        } finally {
          // A JVM writing the class-data archive at exit needs longer than a usual stop on a busy machine.
          await proc.stop(archive.writes ? Math.max(graceMs, ARCHIVE_GRACE_MS) : graceMs);
        }
      })();
      return stopped;
    },
  };
}
