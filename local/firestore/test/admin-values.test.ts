/**
 * Conformance through firebase-admin (gRPC): every value type survives a round
 * trip, values of different types sort in Firestore's cross-type order, and
 * nested maps / field paths with special characters work.
 */
import { Firestore as GcFirestore } from '@google-cloud/firestore';
import { FieldPath, FieldValue, GeoPoint, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpcCodeOf, startAdmin, type AdminHarness } from './admin-client.ts';

let fx: AdminHarness;
beforeAll(async () => {
  fx = await startAdmin();
});
afterAll(async () => {
  await fx?.stop();
});

describe('firebase-admin values', () => {
  it('round-trips every value type', async () => {
    const ref = fx.db.collection(fx.unique('values')).doc('all');
    const other = fx.db.doc('elsewhere/doc-1');
    const value = {
      nul: null,
      t: true,
      f: false,
      int: 42,
      negInt: -7,
      zero: 0,
      dbl: 3.25,
      nan: NaN,
      inf: Infinity,
      negInf: -Infinity,
      str: 'héllo ✓ 🚀',
      empty: '',
      bytes: Buffer.from([0, 1, 2, 254, 255]),
      ts: new Timestamp(1714566896, 123456789),
      oldTs: new Timestamp(-62135596800, 0),
      geo: new GeoPoint(48.8566, 2.3522),
      ref: other,
      arr: [1, 'two', null, { inner: [3] }, { four: 4 }],
      emptyArr: [],
      map: { a: { b: { c: 'deep' } }, n: 1.5 },
      emptyMap: {},
      vector: FieldValue.vector([1, 2.5, -3]),
    };
    await ref.set(value);
    const snap = await ref.get();
    const data = snap.data()!;
    expect(snap.exists).toBe(true);
    expect(data['nul']).toBeNull();
    expect([data['t'], data['f']]).toEqual([true, false]);
    expect([data['int'], data['negInt'], data['zero'], data['dbl']]).toEqual([42, -7, 0, 3.25]);
    expect(Number.isNaN(data['nan'])).toBe(true);
    expect([data['inf'], data['negInf']]).toEqual([Infinity, -Infinity]);
    expect([data['str'], data['empty']]).toEqual(['héllo ✓ 🚀', '']);
    expect(Buffer.from(data['bytes'] as Uint8Array)).toEqual(Buffer.from([0, 1, 2, 254, 255]));
    // Firestore keeps microseconds: the nanoseconds beyond are truncated.
    expect((data['ts'] as Timestamp).isEqual(new Timestamp(1714566896, 123456000))).toBe(true);
    expect((data['oldTs'] as Timestamp).seconds).toBe(-62135596800);
    expect((data['geo'] as GeoPoint).isEqual(new GeoPoint(48.8566, 2.3522))).toBe(true);
    expect(data['ref'].path).toBe('elsewhere/doc-1');
    expect(data['arr']).toEqual([1, 'two', null, { inner: [3] }, { four: 4 }]);
    expect(data['emptyArr']).toEqual([]);
    expect(data['map']).toEqual({ a: { b: { c: 'deep' } }, n: 1.5 });
    expect(data['emptyMap']).toEqual({});
    expect(data['vector'].toArray()).toEqual([1, 2.5, -3]);
    expect(snap.createTime!.toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect(snap.updateTime!.isEqual(snap.createTime!)).toBe(true);
    // Arrays directly inside arrays are not a Firestore value.
    expect(await grpcCodeOf(ref.set({ nested: [[1]] }))).toBe(3);
  });

  it('keeps 64-bit integers exact (useBigInt client)', async () => {
    const big = new GcFirestore({ projectId: fx.harness.projectId, useBigInt: true });
    try {
      const ref = big.collection(fx.unique('bigint')).doc('n');
      await ref.set({ max: BigInt('9223372036854775807'), min: BigInt('-9223372036854775808'), odd: BigInt('9007199254740993') });
      const data = (await ref.get()).data()!;
      expect(data['max']).toBe(BigInt('9223372036854775807'));
      expect(data['min']).toBe(BigInt('-9223372036854775808'));
      expect(data['odd']).toBe(BigInt('9007199254740993'));
    } finally {
      await big.terminate();
    }
  });

  it('orders values of different types in Firestore order', async () => {
    const col = fx.db.collection(fx.unique('order'));
    // Written in shuffled order; the id prefix is the expected position.
    const values: Array<[string, unknown]> = [
      ['09-string-b', 'b'],
      ['05-number-int', 1],
      ['13-array', [1]],
      ['01-null', null],
      ['11-reference', fx.db.doc('a/b')],
      ['03-true', true],
      ['07-ts', new Timestamp(1, 0)],
      ['04-nan', NaN],
      ['06-number-dbl', 1.5],
      ['14-map', { a: 1 }],
      ['02-false', false],
      ['12-geo', new GeoPoint(0, 0)],
      ['08-string-a', 'a'],
      ['10-bytes', Buffer.from([1])],
      ['04b-neg-inf', -Infinity],
      ['06b-inf', Infinity],
    ];
    await Promise.all(values.map(([id, v]) => col.doc(id).set({ v })));
    await col.doc('15-no-field').set({ other: 1 });
    const expected = values.map(([id]) => id).sort();
    const asc = await col.orderBy('v').get();
    expect(asc.docs.map((d) => d.id)).toEqual(expected);
    const desc = await col.orderBy('v', 'desc').get();
    expect(desc.docs.map((d) => d.id)).toEqual([...expected].reverse());
  });

  it('mixes integers and doubles numerically in order and equality', async () => {
    const col = fx.db.collection(fx.unique('nums'));
    await Promise.all([col.doc('a').set({ n: 2 }), col.doc('b').set({ n: 1.5 }), col.doc('c').set({ n: -1 }), col.doc('d').set({ n: 2.0 })]);
    const ordered = await col.orderBy('n').get();
    expect(ordered.docs.map((d) => d.get('n'))).toEqual([-1, 1.5, 2, 2]);
    const eq = await col.where('n', '==', 2).get();
    expect(eq.docs.map((d) => d.id).sort()).toEqual(['a', 'd']);
  });

  it('handles nested maps and field paths with special characters', async () => {
    const col = fx.db.collection(fx.unique('paths'));
    const ref = col.doc('p');
    await ref.set({ 'a.b': 1, 'sp ace': { 'x-y': 2 }, ü: { '`q`': 3 }, nested: { deep: { er: 'x' } } });
    const data = (await ref.get()).data()!;
    expect(data['a.b']).toBe(1);
    expect(data['sp ace']).toEqual({ 'x-y': 2 });
    expect(data['ü']).toEqual({ '`q`': 3 });

    await ref.update(new FieldPath('a.b'), 10, new FieldPath('sp ace', 'x-y'), 20, 'nested.deep.er', 'y', new FieldPath('ü', '`q`'), 30);
    const after = (await ref.get()).data()!;
    expect(after['a.b']).toBe(10);
    expect(after['a']).toBeUndefined();
    expect(after['sp ace']).toEqual({ 'x-y': 20 });
    expect(after['nested']).toEqual({ deep: { er: 'y' } });
    expect(after['ü']).toEqual({ '`q`': 30 });

    const q1 = await col.where(new FieldPath('sp ace', 'x-y'), '==', 20).get();
    expect(q1.size).toBe(1);
    const q2 = await col.where(new FieldPath('a.b'), '==', 10).get();
    expect(q2.size).toBe(1);
    const sel = await col.select(new FieldPath('sp ace', 'x-y'), 'nested.deep').get();
    expect(sel.docs[0]!.data()).toEqual({ 'sp ace': { 'x-y': 20 }, nested: { deep: { er: 'y' } } });
  });
});
