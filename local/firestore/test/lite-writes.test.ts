/** Writes through the lite web SDK: set/merge/update masks, transforms, deletes, preconditions, batches, times. */
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  increment,
  maximum,
  minimum,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let db: Firestore;

beforeAll(async () => {
  h = await startHarness();
  db = h.liteDb();
});
afterAll(() => h.stop());
beforeEach(() => h.clear());

async function data(path: string) {
  return (await getDoc(doc(db, path))).data();
}

async function rawGet(path: string): Promise<{ createTime: string; updateTime: string }> {
  const res = await fetch(`${h.url}/v1/projects/${h.projectId}/databases/(default)/documents/${path}`);
  return (await res.json()) as { createTime: string; updateTime: string };
}

describe('set, merge and update', () => {
  it('set replaces the whole document', async () => {
    await setDoc(doc(db, 'w/a'), { x: 1, y: { z: 2 } });
    await setDoc(doc(db, 'w/a'), { y: { q: 3 } });
    expect(await data('w/a')).toEqual({ y: { q: 3 } });
  });

  it('set with merge keeps other fields and merges nested maps', async () => {
    await setDoc(doc(db, 'w/b'), { x: 1, y: { z: 2, k: 1 } });
    await setDoc(doc(db, 'w/b'), { y: { q: 3 }, n: 'new' }, { merge: true });
    expect(await data('w/b')).toEqual({ x: 1, y: { z: 2, k: 1, q: 3 }, n: 'new' });
  });

  it('set with mergeFields writes only the listed fields', async () => {
    await setDoc(doc(db, 'w/c'), { x: 1, y: 2 });
    await setDoc(doc(db, 'w/c'), { x: 10, y: 20, z: 30 }, { mergeFields: ['y', 'z'] });
    expect(await data('w/c')).toEqual({ x: 1, y: 20, z: 30 });
  });

  it('update sets dotted paths and deletes fields', async () => {
    await setDoc(doc(db, 'w/d'), { a: { b: 1, c: 2 }, gone: true });
    await updateDoc(doc(db, 'w/d'), { 'a.b': 5, 'a.new': 'n', gone: deleteField() });
    expect(await data('w/d')).toEqual({ a: { b: 5, c: 2, new: 'n' } });
  });

  it('update of a missing document fails with not-found', async () => {
    await expect(updateDoc(doc(db, 'w/missing'), { a: 1 })).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(db, 'w/missing'))).exists()).toBe(false);
  });

  it('deleteField via merge removes a field', async () => {
    await setDoc(doc(db, 'w/e'), { a: 1, b: 2 });
    await setDoc(doc(db, 'w/e'), { b: deleteField() }, { merge: true });
    expect(await data('w/e')).toEqual({ a: 1 });
  });

  it('addDoc creates a document with a 20-character auto id', async () => {
    const ref = await addDoc(collection(db, 'auto'), { v: 1 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await data(ref.path)).toEqual({ v: 1 });
  });

  it('deletes documents, and deleting a missing one succeeds', async () => {
    await setDoc(doc(db, 'w/f'), { a: 1 });
    await deleteDoc(doc(db, 'w/f'));
    expect((await getDoc(doc(db, 'w/f'))).exists()).toBe(false);
    await deleteDoc(doc(db, 'w/never'));
  });

  it('keeps createTime and advances updateTime', async () => {
    await setDoc(doc(db, 'w/t'), { a: 1 });
    const first = await rawGet('w/t');
    await updateDoc(doc(db, 'w/t'), { a: 2 });
    const second = await rawGet('w/t');
    expect(second.createTime).toBe(first.createTime);
    expect(Date.parse(second.updateTime)).toBeGreaterThanOrEqual(Date.parse(first.updateTime));
    expect(second.updateTime > first.updateTime).toBe(true);
    // Writing the same data again changes nothing, so the update time stays.
    await setDoc(doc(db, 'w/t'), { a: 2 });
    expect((await rawGet('w/t')).updateTime).toBe(second.updateTime);
    // A real change advances it again.
    await setDoc(doc(db, 'w/t'), { a: 2.5 });
    await setDoc(doc(db, 'w/t'), { a: 2 });
    expect((await rawGet('w/t')).updateTime > second.updateTime).toBe(true);
  });
});

describe('transforms', () => {
  it('serverTimestamp is the commit time', async () => {
    const before = Date.now();
    await setDoc(doc(db, 'tr/ts'), { at: serverTimestamp() });
    const at = (await data('tr/ts'))!.at as Timestamp;
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 1000);
    expect(at.toMillis()).toBeLessThanOrEqual(Date.now() + 1000);
    const raw = await rawGet('tr/ts');
    expect(Timestamp.fromDate(new Date(raw.updateTime)).seconds).toBe(at.seconds);
  });

  it('increment works on ints, doubles, missing and non-numeric fields', async () => {
    await setDoc(doc(db, 'tr/inc'), { i: 1, d: 1.5, s: 'text' });
    await updateDoc(doc(db, 'tr/inc'), { i: increment(2), d: increment(0.25), s: increment(3), m: increment(4), i2: increment(1.5) });
    expect(await data('tr/inc')).toEqual({ i: 3, d: 1.75, s: 3, m: 4, i2: 1.5 });
    await updateDoc(doc(db, 'tr/inc'), { i: increment(0.5) });
    expect((await data('tr/inc'))!.i).toBe(3.5);
  });

  it('maximum and minimum', async () => {
    await setDoc(doc(db, 'tr/mm'), { hi: 5, lo: 5 });
    await updateDoc(doc(db, 'tr/mm'), { hi: maximum(9), lo: minimum(2), newHi: maximum(1) });
    expect(await data('tr/mm')).toEqual({ hi: 9, lo: 2, newHi: 1 });
    await updateDoc(doc(db, 'tr/mm'), { hi: maximum(3), lo: minimum(7) });
    expect(await data('tr/mm')).toEqual({ hi: 9, lo: 2, newHi: 1 });
  });

  it('arrayUnion adds missing elements; arrayRemove removes all equal ones', async () => {
    await setDoc(doc(db, 'tr/arr'), { a: [1, 2, 2, { x: 1 }], s: 'not array' });
    await updateDoc(doc(db, 'tr/arr'), { a: arrayUnion(2, 3, { x: 1 }, { x: 2 }), s: arrayUnion('q'), n: arrayUnion('z', 'z') });
    expect(await data('tr/arr')).toEqual({ a: [1, 2, 2, { x: 1 }, 3, { x: 2 }], s: ['q'], n: ['z'] });
    await updateDoc(doc(db, 'tr/arr'), { a: arrayRemove(2, { x: 1 }), s: arrayRemove('nope') });
    expect(await data('tr/arr')).toEqual({ a: [1, 3, { x: 2 }], s: ['q'], n: ['z'] });
  });

  it('transforms inside nested maps with set merge', async () => {
    await setDoc(doc(db, 'tr/nest'), { stats: { count: 1 } });
    await setDoc(doc(db, 'tr/nest'), { stats: { count: increment(1), at: serverTimestamp() } }, { merge: true });
    const got = (await data('tr/nest'))!;
    expect(got.stats.count).toBe(2);
    expect(got.stats.at).toBeInstanceOf(Timestamp);
  });
});

describe('batches', () => {
  it('a batch is atomic: a failing update rolls back the other writes', async () => {
    const b = writeBatch(db);
    b.set(doc(db, 'bt/one'), { v: 1 });
    b.update(doc(db, 'bt/missing'), { v: 2 });
    await expect(b.commit()).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(db, 'bt/one'))).exists()).toBe(false);
  });

  it('later writes in a batch see earlier ones', async () => {
    const b = writeBatch(db);
    b.set(doc(db, 'bt/two'), { v: 1, w: 1 });
    b.update(doc(db, 'bt/two'), { v: increment(5) });
    b.delete(doc(db, 'bt/three'));
    await b.commit();
    expect(await data('bt/two')).toEqual({ v: 6, w: 1 });
  });

  it('accepts 500 writes in one batch', async () => {
    const b = writeBatch(db);
    for (let i = 0; i < 500; i++) b.set(doc(db, 'many', `d${i}`), { i });
    await b.commit();
    expect(await data('many/d499')).toEqual({ i: 499 });
  });
});
