// `npm run firestore -- --data DIR` survives its own crash: the data written before the last periodic export comes
// back, a kill during an export leaves the previous export in use, and nothing it started outlives it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isZombie } from '../stack/leftovers';
import { isPortFree } from '../stack/ports';
import { freePort } from './index';

const PROJECT = 'demo-crash';
const root = join(import.meta.dirname, '../..');
// Short, so a test waits a few intervals instead of a few 10 s.
const EXPORT_EVERY_MS = 400;

const docUrl = (port: number, database: string, path: string) => `http://127.0.0.1:${port}/v1/projects/${PROJECT}/databases/${database}/documents/${path}`;

async function write(port: number, database: string, path: string, text: string): Promise<void> {
  const response = await fetch(docUrl(port, database, path), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ fields: { text: { stringValue: text } } }),
  });
  expect(response.status).toBe(200);
}

async function read(port: number, database: string, path: string): Promise<string | null> {
  const response = await fetch(docUrl(port, database, path), { headers: { authorization: 'Bearer owner' } });
  if (response.status === 404) return null;
  return ((await response.json()) as { fields: { text: { stringValue: string } } }).fields.text.stringValue;
}

/** `npm run firestore -- --data DIR …` in a process group of its own (as a terminal runs it). */
function start(dir: string, port: number, exportEveryMs = EXPORT_EVERY_MS) {
  const args = ['run', '--silent', 'firestore', '--', '--port', String(port), '--data', join(dir, 'firestore'), '--project', PROJECT];
  const child = spawn('npm', args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PARLEY_EXPORT_EVERY_MS: String(exportEveryMs) } });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (c: Buffer) => {
      output += c.toString();
      if (output.includes('firestore ready on')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, ready, exited, output: () => output, killGroup: () => process.kill(-child.pid!, 'SIGKILL') };
}

const recordFile = (dir: string) => join(dir, 'firestore', 'processes.json');
/** The process group the CLI recorded for the Java emulator (the watchdog leads it). */
const emulatorGroup = (dir: string) => (JSON.parse(readFileSync(recordFile(dir), 'utf8')) as { groups: { pgid: number }[] }).groups[0]!.pgid;

/**
 * The live processes of a group, as the CLI counts them (isZombie): a process that has died entirely only waits for
 * its parent to collect it (an orphan's new parent, the container's first process, may take its time).
 */
function groupMembers(pgid: number): number[] {
  return execFileSync('ps', ['-A', '-o', 'pid=,pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, group, stat]) => Number(group) === pgid && pid && !isZombie(stat ?? ''))
    .map(([pid]) => Number(pid));
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const metadata = (dir: string, database: string) => join(dir, 'firestore', database, 'export', 'export.overall_export_metadata');
const exportedAt = (dir: string, database: string) => (existsSync(metadata(dir, database)) ? statSync(metadata(dir, database)).mtimeMs : 0);

/** Waits for two complete exports of both databases after now: the second one began after every earlier write. */
async function twoExportsLater(dir: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const before = Math.max(exportedAt(dir, 'default'), Date.now() - 1);
    await until('an export of both databases completed', () => exportedAt(dir, 'default') > before && exportedAt(dir, 'voiceglow-eu') > before);
  }
}

describe('npm run firestore -- --data, killed', () => {
  // One emulator's life through two different crashes (each start of the JVM costs seconds of CPU).
  it('comes back after kill -9 of its process group with what was written before the last export; after a crash that left its emulator running, stops that emulator, names it, and comes up on the same port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-crash-'));
    const port = await freePort();
    const first = start(dir, port);
    try {
      await first.ready;
      await write(port, '(default)', 'notes/na', 'written before the kill');
      await write(port, 'voiceglow-eu', 'notes/eu', 'kept in eu too');
      await twoExportsLater(dir);
    } finally {
      first.killGroup();
    }
    const firstGroup = emulatorGroup(dir);
    // The Java emulator ran in a group of its own, which the kill did not reach: it ends because its parent did.
    await until('the emulator the killed run started has ended', () => groupMembers(firstGroup).length === 0);
    // Its socket closes as the kernel finishes tearing the process down.
    await until('its port is free', () => isPortFree(port), 10_000);

    const second = start(dir, port);
    let group = 0;
    try {
      await second.ready;
      expect(second.output()).toMatch(/imported \(default\), voiceglow-eu from .*, exported \d+ s ago/);
      expect(await read(port, '(default)', 'notes/na')).toBe('written before the kill');
      expect(await read(port, 'voiceglow-eu', 'notes/eu')).toBe('kept in eu too');
      await write(port, '(default)', 'notes/kept', 'saved before the crash');
      await twoExportsLater(dir);
      // The worst case: the watchdog dies first (as an out-of-memory kill might take it), then the CLI.
      group = emulatorGroup(dir);
      process.kill(group, 'SIGKILL');
    } finally {
      second.killGroup();
    }
    await second.exited;
    expect(groupMembers(group).length).toBeGreaterThan(0);
    expect(await isPortFree(port)).toBe(false);

    const third = start(dir, port);
    try {
      await third.ready;
      expect(third.output()).toContain(`The previous run did not stop cleanly; stopped what it left running: Google's Firestore emulator (group ${group}).`);
      expect(groupMembers(group)).toEqual([]);
      expect(await read(port, '(default)', 'notes/kept')).toBe('saved before the crash');
      expect(await read(port, 'voiceglow-eu', 'notes/eu')).toBe('kept in eu too');
    } finally {
      third.child.kill('SIGINT');
    }
    // A clean stop: exit 0, its port free, no process of it left, and no record of leftovers for the next start.
    expect(await third.exited).toBe(0);
    expect(await isPortFree(port)).toBe(true);
    expect(existsSync(recordFile(dir))).toBe(false);
  }, 300_000);

  it('killed during an export, starts again from the previous complete export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-crash-'));
    const port = await freePort();
    // Long enough that the steps between one export's end and the next export's start fit in between.
    const first = start(dir, port, 3000);
    let partialSeen = false;
    try {
      await first.ready;
      await write(port, '(default)', 'notes/before', 'in the previous export');
      await twoExportsLater(dir);
      await write(port, '(default)', 'notes/after', 'only in the interrupted export');
      // Freeze the emulator (not its watchdog): the next export starts and cannot finish, so the kill lands inside it.
      const group = emulatorGroup(dir);
      const java = groupMembers(group).filter((pid) => pid !== group);
      for (const pid of java) process.kill(pid, 'SIGSTOP');
      await until('the next export has started', () => existsSync(join(dir, 'firestore', 'default.partial')));
      partialSeen = true;
    } finally {
      first.killGroup();
    }
    expect(partialSeen).toBe(true);
    await first.exited;

    // No periodic export during the checks: one starting after `ready` writes a new partial folder of its own.
    const second = start(dir, port, 60_000);
    try {
      await second.ready;
      expect(await read(port, '(default)', 'notes/before')).toBe('in the previous export');
      expect(await read(port, '(default)', 'notes/after')).toBeNull();
      expect(existsSync(join(dir, 'firestore', 'default.partial'))).toBe(false);
    } finally {
      second.child.kill('SIGINT');
    }
    expect(await second.exited).toBe(0);
  }, 300_000);
});
