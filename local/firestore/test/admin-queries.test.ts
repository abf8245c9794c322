/**
 * Conformance through firebase-admin (gRPC): every query operator, OR/AND
 * filters, cursors, offset/limit/limitToLast, projections, collection groups,
 * listDocuments/listCollections, aggregates and getAll.
 */
import { AggregateField, FieldPath, Filter, type CollectionReference } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdmin, type AdminHarness } from './admin-client.ts';

let fx: AdminHarness;
beforeAll(async () => {
  fx = await startAdmin();
});
afterAll(async () => {
  await fx?.stop();
});

/** Ten documents d0..d9: n = i, parity, tags, a group string and an optional field. */
async function seed(prefix: string): Promise<CollectionReference> {
  const col = fx.db.collection(fx.unique(prefix));
  const batch = fx.db.batch();
  for (let i = 0; i < 10; i++) {
    batch.set(col.doc(`d${i}`), {
      n: i,
      even: i % 2 === 0,
      tags: i % 3 === 0 ? ['x', 'y'] : ['z'],
      group: i < 5 ? 'low' : 'high',
      ...(i === 7 ? { rare: null } : {}),
    });
  }
  await batch.commit();
  return col;
}

const ids = (snap: FirebaseFirestore.QuerySnapshot) => snap.docs.map((d) => d.id);

describe('firebase-admin queries', () => {
  it('supports every comparison operator', async () => {
    const col = await seed('ops');
    const q = async (field: string, op: FirebaseFirestore.WhereFilterOp, value: unknown) =>
      ids(await col.where(field, op, value).orderBy(FieldPath.documentId()).get());
    expect(await q('n', '<', 3)).toEqual(['d0', 'd1', 'd2']);
    expect(await q('n', '<=', 1)).toEqual(['d0', 'd1']);
    expect(await q('n', '==', 4)).toEqual(['d4']);
    expect(await q('n', '>=', 8)).toEqual(['d8', 'd9']);
    expect(await q('n', '>', 8)).toEqual(['d9']);
    expect(await q('group', '!=', 'low')).toEqual(['d5', 'd6', 'd7', 'd8', 'd9']);
    expect(await q('tags', 'array-contains', 'x')).toEqual(['d0', 'd3', 'd6', 'd9']);
    expect(await q('tags', 'array-contains-any', ['y', 'nope'])).toEqual(['d0', 'd3', 'd6', 'd9']);
    expect(await q('n', 'in', [1, 5, 42])).toEqual(['d1', 'd5']);
    expect(await q('n', 'not-in', [0, 1, 2, 3, 4, 5, 6, 7])).toEqual(['d8', 'd9']);
    expect(await q('rare', '==', null)).toEqual(['d7']);
    expect(await q('rare', '!=', null)).toEqual([]);
    expect(ids(await col.where(FieldPath.documentId(), '==', col.doc('d3')).get())).toEqual(['d3']);
    expect(ids(await col.where(FieldPath.documentId(), 'in', ['d2', 'd4']).get())).toEqual(['d2', 'd4']);
  });

  it('supports OR and nested AND/OR filters', async () => {
    const col = await seed('or');
    const or = await col.where(Filter.or(Filter.where('n', '==', 1), Filter.where('n', '>=', 8))).get();
    expect(ids(or).sort()).toEqual(['d1', 'd8', 'd9']);
    const nested = await col
      .where(
        Filter.and(
          Filter.where('even', '==', true),
          Filter.or(Filter.where('group', '==', 'low'), Filter.where('tags', 'array-contains', 'x')),
        ),
      )
      .get();
    expect(ids(nested).sort()).toEqual(['d0', 'd2', 'd4', 'd6']);
  });

  it('orders, limits, offsets and uses limitToLast', async () => {
    const col = await seed('order');
    expect(ids(await col.orderBy('n', 'desc').limit(3).get())).toEqual(['d9', 'd8', 'd7']);
    expect(ids(await col.orderBy('n').offset(7).get())).toEqual(['d7', 'd8', 'd9']);
    expect(ids(await col.orderBy('n').offset(2).limit(2).get())).toEqual(['d2', 'd3']);
    expect(ids(await col.orderBy('n').limitToLast(2).get())).toEqual(['d8', 'd9']);
    expect(ids(await col.orderBy('group').orderBy('n', 'desc').limit(4).get())).toEqual(['d9', 'd8', 'd7', 'd6']);
    expect(ids(await col.where('even', '==', true).orderBy('n', 'desc').limit(2).get())).toEqual(['d8', 'd6']);
  });

  it('pages with startAt / startAfter / endAt / endBefore, by value and by snapshot', async () => {
    const col = await seed('cursor');
    const byN = col.orderBy('n');
    expect(ids(await byN.startAt(7).get())).toEqual(['d7', 'd8', 'd9']);
    expect(ids(await byN.startAfter(7).get())).toEqual(['d8', 'd9']);
    expect(ids(await byN.endAt(1).get())).toEqual(['d0', 'd1']);
    expect(ids(await byN.endBefore(1).get())).toEqual(['d0']);
    expect(ids(await byN.startAt(3).endBefore(5).get())).toEqual(['d3', 'd4']);
    const page1 = await byN.limit(4).get();
    const page2 = await byN.startAfter(page1.docs.at(-1)!).limit(4).get();
    expect(ids(page2)).toEqual(['d4', 'd5', 'd6', 'd7']);
    // A snapshot cursor on a non-unique field continues by document id.
    const byGroup = col.orderBy('group');
    const first = await byGroup.limit(3).get();
    const rest = await byGroup.startAfter(first.docs.at(-1)!).get();
    expect(new Set([...ids(first), ...ids(rest)]).size).toBe(10);
    expect(ids(first)).toEqual(['d5', 'd6', 'd7']);
    expect(ids(await col.orderBy('n', 'desc').startAt(2).get())).toEqual(['d2', 'd1', 'd0']);
  });

  it('projects with select', async () => {
    const col = await seed('select');
    const snap = await col.where('n', '==', 3).select('n', 'group').get();
    expect(snap.docs[0]!.data()).toEqual({ n: 3, group: 'low' });
    const none = await col.orderBy('n').limit(2).select().get();
    expect(none.docs.map((d) => [d.id, d.data()])).toEqual([
      ['d0', {}],
      ['d1', {}],
    ]);
  });

  it('queries collection groups across parents', async () => {
    const groupId = fx.unique('grp');
    const a = fx.db.collection(fx.unique('parents')).doc('a');
    const b = fx.db.collection(fx.unique('parents')).doc('b');
    await a.collection(groupId).doc('1').set({ v: 1 });
    await b.collection(groupId).doc('2').set({ v: 2 });
    await a.collection('other').doc('3').set({ v: 3 });
    await fx.db.collection(groupId).doc('top').set({ v: 4 });
    const all = await fx.db.collectionGroup(groupId).orderBy('v').get();
    expect(all.docs.map((d) => d.ref.path)).toEqual([`${a.path}/${groupId}/1`, `${b.path}/${groupId}/2`, `${groupId}/top`]);
    const filtered = await fx.db.collectionGroup(groupId).where('v', '>=', 2).get();
    expect(filtered.size).toBe(2);
  });

  it('lists documents (including parents that only have subcollections) and collections', async () => {
    const colId = fx.unique('listing');
    const col = fx.db.collection(colId);
    await col.doc('a').set({ v: 1 });
    await col.doc('b').set({ v: 2 });
    await col.doc('ghost').collection('sub1').doc('x').set({ v: 3 });
    await col.doc('a').collection('sub2').doc('y').set({ v: 4 });
    await col.doc('a').collection('sub1').doc('z').set({ v: 5 });
    const refs = await col.listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual(['a', 'b', 'ghost']);
    const subs = await col.doc('a').listCollections();
    expect(subs.map((c) => c.id).sort()).toEqual(['sub1', 'sub2']);
    const roots = await fx.db.listCollections();
    expect(roots.map((c) => c.id)).toContain(colId);
  });

  it('computes count, sum and average aggregates', async () => {
    const col = await seed('agg');
    const all = await col.aggregate({ c: AggregateField.count(), s: AggregateField.sum('n'), avg: AggregateField.average('n') }).get();
    expect(all.data()).toEqual({ c: 10, s: 45, avg: 4.5 });
    expect((await col.where('even', '==', true).count().get()).data().count).toBe(5);
    const filtered = await col.where('group', '==', 'high').aggregate({ s: AggregateField.sum('n'), avg: AggregateField.average('n') }).get();
    expect(filtered.data()).toEqual({ s: 35, avg: 7 });
    const empty = await col.where('n', '>', 100).aggregate({ c: AggregateField.count(), s: AggregateField.sum('n'), avg: AggregateField.average('n') }).get();
    expect(empty.data()).toEqual({ c: 0, s: 0, avg: null });
    expect((await col.orderBy('n').limit(3).count().get()).data().count).toBe(3);
  });

  it('getAll returns documents in order, missing ones as not existing, with field masks', async () => {
    const col = await seed('getall');
    const snaps = await fx.db.getAll(col.doc('d2'), col.doc('nope'), col.doc('d1'));
    expect(snaps.map((s) => [s.id, s.exists])).toEqual([
      ['d2', true],
      ['nope', false],
      ['d1', true],
    ]);
    const masked = await fx.db.getAll(col.doc('d3'), { fieldMask: ['n'] });
    expect(masked[0]!.data()).toEqual({ n: 3 });
  });
});
