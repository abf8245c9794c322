/**
 * The CLI as a child process: readiness line, every acknowledged commit
 * surviving SIGKILL, clean exit 0 on SIGTERM/SIGINT, --import seeds, and a
 * clear error for --rules without a usable compiler.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  collection,
  increment,
  setDoc,
  updateDoc,
  writeBatch,
  Timestamp,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli.ts');
const children = new Set<ChildProcess>();
const apps: FirebaseApp[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-fs-'));
let n = 0;

afterEach(async () => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Cli {
  child: ChildProcess;
  port: number;
  exit: Promise<number | null>;
  output: () => string;
}

function startCli(args: string[]): Promise<Cli> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}`)), 15_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /firestore ready on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), exit, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${out}`));
    });
  });
}

function lite(port: number): Firestore {
  const app = initializeApp({ projectId: 'demo-parley', apiKey: 'k' }, `dur-${++n}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port);
  return db;
}

describe('durability', () => {
  it('every acknowledged commit survives kill -9, and a restart compacts the log', async () => {
    const dir = path.join(tmp, 'kill9');
    const a = await startCli(['--data', dir]);
    const db = lite(a.port);
    await setDoc(doc(db, 'users/u1'), { name: 'Ada', at: new Timestamp(1700000000, 5000) });
    const b = writeBatch(db);
    for (let i = 0; i < 50; i++) b.set(doc(db, 'items', `i${i}`), { i });
    await b.commit();
    for (let i = 0; i < 10; i++) await updateDoc(doc(db, 'users/u1'), { visits: increment(1) });
    await setDoc(doc(db, 'items/i0'), { i: -1 });
    a.child.kill('SIGKILL');
    await a.exit;

    const b2 = await startCli(['--data', dir]);
    const db2 = lite(b2.port);
    const u1 = (await getDoc(doc(db2, 'users/u1'))).data()!;
    expect(u1.name).toBe('Ada');
    expect(u1.visits).toBe(10);
    expect((u1.at as Timestamp).isEqual(new Timestamp(1700000000, 5000))).toBe(true);
    expect((await getDocs(collection(db2, 'items'))).size).toBe(50);
    expect((await getDoc(doc(db2, 'items/i0'))).data()).toEqual({ i: -1 });
    // Writes after a restart keep going, and survive another crash.
    await setDoc(doc(db2, 'users/u2'), { name: 'Bob' });
    b2.child.kill('SIGKILL');
    await b2.exit;
    const c = await startCli(['--data', dir]);
    const db3 = lite(c.port);
    expect((await getDoc(doc(db3, 'users/u2'))).data()).toEqual({ name: 'Bob' });
    expect((await getDoc(doc(db3, 'users/u1'))).data()!.visits).toBe(10);
    // The start-up compaction writes a snapshot and drops the logs it covers.
    for (let i = 0; i < 100 && fs.readdirSync(dir).filter((f) => f.startsWith('log.')).length > 1; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(fs.readdirSync(dir)).toContain('snapshot.fslog');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('log.'))).toHaveLength(1);
    c.child.kill('SIGTERM');
    expect(await c.exit).toBe(0);
    const d = await startCli(['--data', dir]);
    const db4 = lite(d.port);
    expect((await getDocs(collection(db4, 'items'))).size).toBe(50);
    expect((await getDoc(doc(db4, 'users/u2'))).data()).toEqual({ name: 'Bob' });
  }, 60_000);

  it('exits 0 on SIGINT after flushing', async () => {
    const dir = path.join(tmp, 'sigint');
    const a = await startCli(['--data', dir]);
    await setDoc(doc(lite(a.port), 'k/v'), { ok: true });
    a.child.kill('SIGINT');
    expect(await a.exit).toBe(0);
    const b = await startCli(['--data', dir]);
    expect((await getDoc(doc(lite(b.port), 'k/v'))).data()).toEqual({ ok: true });
  }, 30_000);

  it('refuses a data directory another live engine is using', async () => {
    const dir = path.join(tmp, 'shared');
    await startCli(['--data', dir]);
    await expect(startCli(['--data', dir])).rejects.toThrow(/is in use by process/);
  }, 30_000);

  it('memory only without --data', async () => {
    const a = await startCli([]);
    await setDoc(doc(lite(a.port), 'k/v'), { ok: true });
    a.child.kill('SIGKILL');
    await a.exit;
    const b = await startCli([]);
    expect((await getDoc(doc(lite(b.port), 'k/v'))).exists()).toBe(false);
  }, 30_000);

  it('--import loads a JSON snapshot with typed markers', async () => {
    const file = path.join(tmp, 'seed.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        databases: {
          '(default)': {
            'users/u1': { name: 'Ada', n: 3, d: 1.5, whole: { __double__: 2 }, when: { __timestamp__: '2024-01-02T03:04:05Z' }, friend: { __ref__: 'users/u2' }, tags: ['a'] },
          },
          'voiceglow-eu': { 'users/u9': { region: 'eu' } },
        },
      }),
    );
    const a = await startCli(['--import', file]);
    const app = initializeApp({ projectId: 'demo-parley', apiKey: 'k' }, `dur-${++n}`);
    apps.push(app);
    const eu = getFirestore(app, 'voiceglow-eu');
    connectFirestoreEmulator(eu, '127.0.0.1', a.port);
    const db = lite(a.port);
    const u1 = (await getDoc(doc(db, 'users/u1'))).data()!;
    expect(u1.name).toBe('Ada');
    expect(u1.n).toBe(3);
    expect((u1.when as Timestamp).toDate().toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(u1.friend.path).toBe('users/u2');
    expect((await getDoc(doc(eu, 'users/u9'))).data()).toEqual({ region: 'eu' });
    const raw: any = await (await fetch(`http://127.0.0.1:${a.port}/v1/projects/demo-parley/databases/(default)/documents/users/u1`)).json();
    expect(raw.fields.whole).toEqual({ doubleValue: 2 });
  }, 30_000);

  it('refuses to start when --rules cannot be compiled, instead of allowing everything', async () => {
    const file = path.join(tmp, 'bad.rules');
    fs.writeFileSync(file, 'this is not a rules file');
    await expect(startCli(['--rules', file])).rejects.toThrow(/exited with 1/);
  }, 30_000);
});
