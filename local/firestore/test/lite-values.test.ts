/** Values through the lite web SDK: every type round-trips, and the cross-type sort order. */
import {
  Bytes,
  collection,
  doc,
  FieldPath,
  GeoPoint,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let db: Firestore;

beforeAll(async () => {
  h = await startHarness();
  db = h.liteDb();
});
afterAll(() => h.stop());

describe('values', () => {
  it('round-trips every value type', async () => {
    const ts = new Timestamp(1700000000, 123456000);
    const data = {
      nul: null,
      t: true,
      f: false,
      int: 42,
      neg: -7,
      dbl: 3.5,
      nan: NaN,
      inf: Infinity,
      ts,
      str: 'héllo 😀',
      bytes: Bytes.fromUint8Array(new Uint8Array([0, 1, 2, 255])),
      ref: doc(db, 'other/x'),
      geo: new GeoPoint(51.5, -0.12),
      arr: [1, 'a', { n: 1 }],
      map: { a: { b: { c: 'deep' } } },
      empty: {},
      emptyArr: [],
    };
    await setDoc(doc(db, 'vals/all'), data);
    const got = (await getDoc(doc(db, 'vals/all'))).data()!;
    expect(got.nul).toBeNull();
    expect(got.t).toBe(true);
    expect(got.f).toBe(false);
    expect(got.int).toBe(42);
    expect(got.neg).toBe(-7);
    expect(got.dbl).toBe(3.5);
    expect(got.nan).toBeNaN();
    expect(got.inf).toBe(Infinity);
    expect((got.ts as Timestamp).isEqual(ts)).toBe(true);
    expect(got.str).toBe('héllo 😀');
    expect([...(got.bytes as Bytes).toUint8Array()]).toEqual([0, 1, 2, 255]);
    expect(got.ref.path).toBe('other/x');
    expect((got.geo as GeoPoint).isEqual(new GeoPoint(51.5, -0.12))).toBe(true);
    expect(got.arr).toEqual([1, 'a', { n: 1 }]);
    expect(got.map).toEqual({ a: { b: { c: 'deep' } } });
    expect(got.empty).toEqual({});
    expect(got.emptyArr).toEqual([]);
  });

  it('sorts across types: null < bool < number (NaN first) < timestamp < string < bytes < reference < geopoint < array < map', async () => {
    const ordered: [string, unknown][] = [
      ['a00', null],
      ['a01', false],
      ['a02', true],
      ['a03', NaN],
      ['a04', -Infinity],
      ['a05', -2.5],
      ['a06', 1],
      ['a07', 1.5],
      ['a08', 2],
      ['a09', Infinity],
      ['a10', new Timestamp(0, 0)],
      ['a11', new Timestamp(2000000000, 0)],
      ['a12', ''],
      ['a13', 'B'],
      ['a14', 'a'],
      ['a15', 'a\uffff'],
      ['a16', 'a😀'],
      ['a17', Bytes.fromUint8Array(new Uint8Array([0]))],
      ['a18', Bytes.fromUint8Array(new Uint8Array([1, 0]))],
      ['a19', doc(db, 'c/a')],
      ['a20', doc(db, 'c/a/d/e')],
      ['a21', doc(db, 'c/b')],
      ['a22', new GeoPoint(-10, 5)],
      ['a23', new GeoPoint(10, -5)],
      ['a24', []],
      ['a25', [1]],
      ['a26', [1, 'a']],
      ['a27', [2]],
      ['a28', {}],
      ['a29', { a: 1 }],
      ['a30', { a: 2 }],
      ['a31', { b: 0 }],
    ];
    // Write in reverse so insertion order cannot explain the result.
    for (const [id, v] of [...ordered].reverse()) await setDoc(doc(db, 'sort', id), { v });
    const asc = await getDocs(query(collection(db, 'sort'), orderBy('v')));
    expect(asc.docs.map((d) => d.id)).toEqual(ordered.map(([id]) => id));
    const desc = await getDocs(query(collection(db, 'sort'), orderBy('v', 'desc')));
    expect(desc.docs.map((d) => d.id)).toEqual(ordered.map(([id]) => id).reverse());
  });

  it('compares int and double numerically', async () => {
    await setDoc(doc(db, 'nums/i'), { n: 1 });
    await setDoc(doc(db, 'nums/d'), { n: 1.0000001 });
    await setDoc(doc(db, 'nums/h'), { n: 0.5 });
    const eq = await getDocs(query(collection(db, 'nums'), where('n', '==', 1.0)));
    expect(eq.docs.map((d) => d.id)).toEqual(['i']);
    const gt = await getDocs(query(collection(db, 'nums'), where('n', '>', 0.9)));
    expect(gt.docs.map((d) => d.id)).toEqual(['i', 'd']);
  });

  it('handles nested maps and field names that need backticks', async () => {
    await setDoc(doc(db, 'paths/p1'), { 'a.b': 1, a: { b: 2 }, 'we`ird\\name': 'x', 'sp ace': { 'in-ner': 3 } });
    await updateDoc(doc(db, 'paths/p1'), new FieldPath('a.b'), 10, new FieldPath('sp ace', 'in-ner'), 4);
    const got = (await getDoc(doc(db, 'paths/p1'))).data()!;
    expect(got).toEqual({ 'a.b': 10, a: { b: 2 }, 'we`ird\\name': 'x', 'sp ace': { 'in-ner': 4 } });
    const q = await getDocs(query(collection(db, 'paths'), where(new FieldPath('we`ird\\name'), '==', 'x')));
    expect(q.size).toBe(1);
    const q2 = await getDocs(query(collection(db, 'paths'), where('a.b', '==', 2)));
    expect(q2.size).toBe(1);
  });
});
