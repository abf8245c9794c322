import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FirestoreEngine } from './backend.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-log-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const owner = { caller: { kind: 'owner' as const } };
const db = 'projects/p/databases/(default)';
const name = (p: string) => `${db}/documents/${p}`;

async function write(e: FirestoreEngine, p: string, v: string): Promise<void> {
  await e.commit({ database: db, writes: [{ update: { name: name(p), fields: { v: { stringValue: v } } } }] }, owner);
}

async function read(e: FirestoreEngine, p: string): Promise<string | null> {
  try {
    const d = await e.getDocument({ name: name(p) }, owner);
    return (d.fields!.v as { stringValue: string }).stringValue;
  } catch {
    return null;
  }
}

describe('durable log', () => {
  it('replays commits, deletes and clears across restarts, and compacts into a snapshot', async () => {
    const dir = path.join(tmp, 'replay');
    const a = new FirestoreEngine({ dataDir: dir });
    await write(a, 'c/a', 'one');
    await write(a, 'c/b', 'tab\there "quoted" \n newline ünï');
    await write(a, 'other/x', 'gone soon');
    await a.deleteDocument({ name: name('other/x') }, owner);
    a.clearDatabase({ project: 'q', database: '(default)' }); // another project: unaffected
    await a.close();

    const b = new FirestoreEngine({ dataDir: dir });
    expect(await read(b, 'c/a')).toBe('one');
    expect(await read(b, 'c/b')).toBe('tab\there "quoted" \n newline ünï');
    expect(await read(b, 'other/x')).toBeNull();
    await b.compactInBackground();
    expect(fs.readdirSync(dir).sort()).toEqual(['LOCK', 'log.2.fslog', 'snapshot.fslog']);
    b.clearDatabase({ project: 'p', database: '(default)' });
    await write(b, 'c/after', 'clear');
    await b.close();

    const c = new FirestoreEngine({ dataDir: dir });
    expect(await read(c, 'c/a')).toBeNull();
    expect(await read(c, 'c/after')).toBe('clear');
    await c.close();
  });

  it('drops a torn last line (a crash mid-append) and keeps every complete commit', async () => {
    const dir = path.join(tmp, 'torn');
    const a = new FirestoreEngine({ dataDir: dir });
    await write(a, 'c/a', 'kept');
    await a.close();
    const log = fs.readdirSync(dir).find((f) => f.startsWith('log.'))!;
    const full = fs.readFileSync(path.join(dir, log), 'utf8');
    fs.appendFileSync(path.join(dir, log), full.slice(0, Math.floor(full.length / 2)).replace('kept', 'torn'));

    const b = new FirestoreEngine({ dataDir: dir });
    expect(await read(b, 'c/a')).toBe('kept');
    await write(b, 'c/b', 'next');
    await b.close();
    expect(fs.readFileSync(path.join(dir, log), 'utf8')).toBe(full);
    const c = new FirestoreEngine({ dataDir: dir });
    expect(await read(c, 'c/b')).toBe('next');
    await c.close();
  });
});
