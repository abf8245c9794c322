/**
 * Kindless all-descendants queries (no collection id), which firebase-admin's
 * recursiveDelete() and listDocuments() rely on, plus numeric-id ordering.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let app: App;
let db: Firestore;

beforeAll(async () => {
  h = await startHarness();
  process.env.FIRESTORE_EMULATOR_HOST = h.target;
  app = initializeApp({ projectId: h.projectId }, `kindless-${process.pid}`);
  db = getFirestore(app);
});
afterAll(async () => {
  await deleteApp(app);
  await h.stop();
});

describe('kindless queries', () => {
  it('recursiveDelete removes a document and everything below it, and nothing else', async () => {
    await db.doc('agents/a1').set({ name: 'one' });
    await db.doc('agents/a1/kb/k1').set({ t: 1 });
    await db.doc('agents/a1/kb/k1/chunks/c1').set({ t: 1 });
    await db.doc('agents/a1/logs/l1').set({ t: 1 });
    await db.doc('agents/a10/kb/k1').set({ keep: true }); // a sibling whose id shares a prefix
    await db.doc('agentsX/a1').set({ keep: true });
    await db.recursiveDelete(db.doc('agents/a1'));
    expect((await db.doc('agents/a1').get()).exists).toBe(false);
    expect((await db.doc('agents/a1/kb/k1/chunks/c1').get()).exists).toBe(false);
    expect((await db.doc('agents/a1/logs/l1').get()).exists).toBe(false);
    expect((await db.doc('agents/a10/kb/k1').get()).exists).toBe(true);
    expect((await db.doc('agentsX/a1').get()).exists).toBe(true);
  });

  it('recursiveDelete of a collection spares collections with longer names', async () => {
    await db.doc('col/x').set({ v: 1 });
    await db.doc('col/x/sub/y').set({ v: 1 });
    await db.doc('col2/z').set({ v: 1 });
    await db.recursiveDelete(db.collection('col'));
    expect((await db.collection('col').get()).size).toBe(0);
    expect((await db.doc('col/x/sub/y').get()).exists).toBe(false);
    expect((await db.doc('col2/z').get()).exists).toBe(true);
  });

  it('a raw kindless query returns every descendant ordered by name', async () => {
    await db.doc('tree/t/a/1').set({});
    await db.doc('tree/t/b/2').set({});
    await db.doc('tree/t/a/1/deep/3').set({});
    const root = `projects/${h.projectId}/databases/(default)/documents`;
    const res = await fetch(`${h.url}/v1/${root}/tree/t:runQuery`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }] } }),
    });
    const body = (await res.json()) as { document?: { name: string } }[];
    expect(body.filter((m) => m.document).map((m) => m.document!.name.slice(root.length + 1))).toEqual([
      'tree/t/a/1',
      'tree/t/a/1/deep/3',
      'tree/t/b/2',
    ]);
    const noKind = await fetch(`${h.url}/v1/${root}:runQuery`, {
      method: 'POST',
      body: JSON.stringify({ structuredQuery: { from: [{}] } }),
    });
    expect(noKind.status).toBe(400);
  });
});
