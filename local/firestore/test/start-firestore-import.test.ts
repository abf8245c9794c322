/**
 * The engine from code — startFirestore({ port: 0, dataDir?, rules?, importFile? })
 * returning { host, port, stop() } — and the --import snapshot format with every
 * typed marker. These start their own engines (they test this engine's API), and
 * read back only through the SDKs and REST.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  Bytes,
  connectFirestoreEmulator,
  doc,
  GeoPoint,
  getDoc,
  getFirestore,
  setDoc,
  setLogLevel,
  Timestamp,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startFirestore, type RunningFirestore } from '../index.ts';

setLogLevel('silent');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-fs-api-'));
const engines: RunningFirestore[] = [];
const apps: FirebaseApp[] = [];
let n = 0;

afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function start(opts: Parameters<typeof startFirestore>[0]): Promise<RunningFirestore> {
  const e = await startFirestore(opts);
  engines.push(e);
  return e;
}

function lite(e: { host: string; port: number }, opts: { uid?: string; database?: string; projectId?: string } = {}): Firestore {
  const app = initializeApp({ projectId: opts.projectId ?? 'demo-parley', apiKey: 'k' }, `api-${process.pid}-${++n}`);
  apps.push(app);
  const db = opts.database ? getFirestore(app, opts.database) : getFirestore(app);
  connectFirestoreEmulator(db, e.host, e.port, opts.uid ? { mockUserToken: { user_id: opts.uid, sub: opts.uid } as never } : {});
  return db;
}

describe('startFirestore()', () => {
  it('port 0 picks a free port per engine; stop() releases the data directory and is idempotent', async () => {
    const dir = path.join(tmp, 'api');
    const a = await start({ port: 0, dataDir: dir });
    const b = await start({ port: 0 });
    expect(a.host).toBe('127.0.0.1');
    expect(a.port).toBeGreaterThan(0);
    expect(b.port).not.toBe(a.port);
    expect((await (await fetch(`http://${a.host}:${a.port}/`)).text()).trim()).toBe('Ok');
    await setDoc(doc(lite(a), 'k/v'), { ok: 1 });
    await a.stop();
    await a.stop();
    await expect(fetch(`http://${a.host}:${a.port}/`)).rejects.toThrow();
    // The same directory can be used again at once, with the data in it.
    const c = await start({ port: 0, dataDir: dir });
    expect((await getDoc(doc(lite(c), 'k/v'))).data()).toEqual({ ok: 1 });
  });

  it('rules given as source text are enforced for non-owner callers', async () => {
    const e = await start({
      port: 0,
      rules: `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /mine/{uid} { allow read, write: if request.auth != null && request.auth.uid == uid; }
  }
}`,
    });
    await setDoc(doc(lite(e, { uid: 'u1' }), 'mine/u1'), { v: 1 });
    await expect(setDoc(doc(lite(e, { uid: 'u2' }), 'mine/u1'), { v: 2 })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getDoc(doc(lite(e), 'mine/u1'))).rejects.toMatchObject({ code: 'permission-denied' });
    const owner = await fetch(`http://${e.host}:${e.port}/v1/projects/demo-parley/databases/(default)/documents/mine/u1`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(owner.status).toBe(200);
  });

  it('rules that do not compile make startFirestore reject (it never allows everything instead)', async () => {
    await expect(startFirestore({ port: 0, rules: 'not rules at all' })).rejects.toThrow();
  });
});

describe('import snapshots', () => {
  it('loads every marker type, nested markers, several databases and the file projectId', async () => {
    const file = path.join(tmp, 'seed.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        projectId: 'demo-seeded',
        databases: {
          '(default)': {
            '/users/u1': {
              name: 'Ada',
              age: 36,
              score: 9.5,
              ratio: { __double__: 2 },
              tags: ['a', { __timestamp__: '2024-01-02T03:04:05.123456Z' }],
              address: { city: 'London', home: { __geo__: [51.5, -0.12] } },
              manager: { __ref__: 'users/u2' },
              avatar: { __bytes__: 'AAEC/w==' },
              big: { __fields__: { integerValue: '9007199254740993' } },
              nothing: null,
              flag: false,
            },
            'users/u1/posts/p1': { title: 'sub' },
          },
          'voiceglow-eu': { 'users/u9': { region: 'eu' } },
        },
      }),
    );
    const e = await start({ port: 0, importFile: file });
    const db = lite(e, { projectId: 'demo-seeded' });
    const u1 = (await getDoc(doc(db, 'users/u1'))).data()!;
    expect(u1.name).toBe('Ada');
    expect([u1.age, u1.score, u1.ratio, u1.nothing, u1.flag]).toEqual([36, 9.5, 2, null, false]);
    expect(u1.tags[0]).toBe('a');
    expect((u1.tags[1] as Timestamp).isEqual(new Timestamp(1704164645, 123456000))).toBe(true);
    expect(u1.address.city).toBe('London');
    expect((u1.address.home as GeoPoint).isEqual(new GeoPoint(51.5, -0.12))).toBe(true);
    expect(u1.manager.path).toBe('users/u2');
    expect([...(u1.avatar as Bytes).toUint8Array()]).toEqual([0, 1, 2, 255]);
    expect((await getDoc(doc(db, 'users/u1/posts/p1'))).data()).toEqual({ title: 'sub' });
    expect((await getDoc(doc(lite(e, { projectId: 'demo-seeded', database: 'voiceglow-eu' }), 'users/u9'))).data()).toEqual({ region: 'eu' });
    // Wire types the JS SDK cannot show: whole-number double, exact 64-bit integer, reference to this database.
    const raw = (await (await fetch(`http://${e.host}:${e.port}/v1/projects/demo-seeded/databases/(default)/documents/users/u1`)).json()) as {
      fields: Record<string, object>;
    };
    expect(raw.fields['ratio']).toEqual({ doubleValue: 2 });
    expect(raw.fields['big']).toEqual({ integerValue: '9007199254740993' });
    expect(raw.fields['age']).toEqual({ integerValue: '36' });
    expect(raw.fields['manager']).toEqual({ referenceValue: 'projects/demo-seeded/databases/(default)/documents/users/u2' });
    // Nothing landed in the default project.
    expect((await getDoc(doc(lite(e), 'users/u1'))).exists()).toBe(false);
  });

  it('an unreadable import file stops start-up with a clear message', async () => {
    const bad = path.join(tmp, 'bad.json');
    fs.writeFileSync(bad, '{"databases": ');
    await expect(startFirestore({ port: 0, importFile: bad })).rejects.toThrow(/not valid JSON/);
    const wrongShape = path.join(tmp, 'shape.json');
    fs.writeFileSync(wrongShape, JSON.stringify({ documents: [] }));
    await expect(startFirestore({ port: 0, importFile: wrongShape })).rejects.toThrow(/databases/);
  });
});
