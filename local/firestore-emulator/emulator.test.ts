// Data kept across restarts (both regional databases), rules enforced, and `npm run firestore` keeping its flags,
// all on Google's emulator itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearDatabase, freePort, startFirestoreEmulator } from './index';

const PROJECT = 'demo-keep';
const scratch = () => mkdtempSync(join(tmpdir(), 'parley-emulator-'));
const docUrl = (hostPort: string, database: string, path: string) => `http://${hostPort}/v1/projects/${PROJECT}/databases/${database}/documents/${path}`;

/** Writes as an admin ("Bearer owner" bypasses rules on the emulator). */
async function write(hostPort: string, database: string, path: string, text: string, auth = 'Bearer owner'): Promise<number> {
  const response = await fetch(docUrl(hostPort, database, path), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify({ fields: { text: { stringValue: text } } }),
  });
  return response.status;
}

async function read(hostPort: string, database: string, path: string): Promise<string | null> {
  const response = await fetch(docUrl(hostPort, database, path), { headers: { authorization: 'Bearer owner' } });
  if (response.status === 404) return null;
  const body = (await response.json()) as { fields: { text: { stringValue: string } } };
  return body.fields.text.stringValue;
}

describe("Google's Firestore emulator, started by the stack's launcher", () => {
  it('keeps both databases across a stop and a start, and clears one on request; the second start loads its classes from the archive the first wrote', async () => {
    const dataDir = join(scratch(), 'firestore');
    const logFile = join(scratch(), 'firestore.log');
    const classArchiveDir = scratch();
    const first = await startFirestoreEmulator({ port: 0, dataDir, projectId: PROJECT, logFile, classArchiveDir });
    try {
      expect(await write(first.hostPort, '(default)', 'notes/na', 'kept in na')).toBe(200);
      expect(await write(first.hostPort, 'voiceglow-eu', 'notes/eu', 'kept in eu')).toBe(200);
    } finally {
      await first.stop();
    }
    const archives = readdirSync(classArchiveDir);
    expect(archives).toEqual([expect.stringMatching(/^[0-9a-f]{16}\.jsa$/)]);

    const second = await startFirestoreEmulator({ port: 0, dataDir, projectId: PROJECT, logFile, classArchiveDir });
    try {
      const commandLine = readFileSync(`/proc/${second.process.child.pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine).toContain(`-XX:SharedArchiveFile=${join(classArchiveDir, archives[0]!)}`);
      expect(await read(second.hostPort, '(default)', 'notes/na')).toBe('kept in na');
      expect(await read(second.hostPort, 'voiceglow-eu', 'notes/eu')).toBe('kept in eu');
      expect(await read(second.hostPort, '(default)', 'notes/eu')).toBeNull();
      await clearDatabase(second.hostPort, PROJECT, 'voiceglow-eu');
      expect(await read(second.hostPort, 'voiceglow-eu', 'notes/eu')).toBeNull();
      expect(await read(second.hostPort, '(default)', 'notes/na')).toBe('kept in na');
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe('npm run firestore', () => {
  const root = join(import.meta.dirname, '../..');
  const run = (args: string[]) => {
    const child = spawn('npm', ['run', '--silent', 'firestore', '--', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes('firestore ready on') && resolve());
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, ready, exited, output: () => output };
  };

  it('serves on --port with --rules, imports --data at start and exports it on SIGTERM, exiting 0', async () => {
    const dir = scratch();
    const port = await freePort();
    const rules = join(root, 'firestore.rules');
    const args = ['--port', String(port), '--rules', rules, '--data', join(dir, 'firestore'), '--project', PROJECT];
    const first = run(args);
    const hostPort = `127.0.0.1:${port}`;
    try {
      await first.ready;
      expect(await write(hostPort, 'voiceglow-eu', 'voiceglow/agent1', 'survives')).toBe(200);
      // firestore.rules is enforced: without rules the emulator lets anyone write, with them an anonymous write to
      // an agent is refused while the admin's went through.
      expect(await write(hostPort, '(default)', 'voiceglow/agent2', 'refused', '')).toBe(403);
    } finally {
      // Stopped even when an expectation fails, so no emulator outlives the test.
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);

    const second = run(args);
    try {
      await second.ready;
      expect(await read(hostPort, 'voiceglow-eu', 'voiceglow/agent1')).toBe('survives');
    } finally {
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    }
  }, 90_000);

  it('refuses a bad --port with one clear line', async () => {
    const bad = run(['--port', 'eighty']);
    await expect(bad.ready).rejects.toThrow(/--port must be 0-65535, got "eighty"/);
  });
});
