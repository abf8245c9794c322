/**
 * Any number of databases per project, each fully separate: documents, queries,
 * collection groups, collection listings, aggregates, transactions and the
 * emulator's clear endpoint never cross from one database to another — with
 * "(default)", "voiceglow-eu" and an arbitrary third name, through both SDKs.
 */
import { collection, collectionGroup, doc as liteDoc, getDocs, query, where } from 'firebase/firestore/lite';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdmin, type AdminHarness } from './admin-client.ts';

let fx: AdminHarness;
let third: Firestore;
beforeAll(async () => {
  fx = await startAdmin();
  third = getFirestore(fx.app, 'tenant-third');
});
afterAll(async () => {
  await fx?.stop();
});

describe('databases are separate', () => {
  it('the same paths hold different data; queries, groups and listings see only their database', async () => {
    const col = fx.unique('iso');
    const group = fx.unique('grp');
    const dbs: Array<[string, Firestore]> = [
      ['na', fx.db],
      ['eu', fx.eu],
      ['third', third],
    ];
    for (const [label, db] of dbs) {
      await db.doc(`${col}/shared`).set({ label, n: 1 });
      await db.doc(`${col}/only-${label}`).set({ label, n: 2 });
      await db.doc(`${col}/shared/${group}/g-${label}`).set({ label });
    }
    for (const [label, db] of dbs) {
      expect((await db.doc(`${col}/shared`).get()).get('label')).toBe(label);
      expect((await db.collection(col).orderBy('n').get()).docs.map((d) => d.id)).toEqual(['shared', `only-${label}`]);
      expect((await db.collection(col).where('label', '!=', label).get()).size).toBe(0);
      expect((await db.collectionGroup(group).get()).docs.map((d) => d.id)).toEqual([`g-${label}`]);
      expect((await db.collection(col).count().get()).data().count).toBe(2);
      expect((await db.collection(col).listDocuments()).map((r) => r.id).sort()).toEqual([`only-${label}`, 'shared']);
      expect((await db.doc(`${col}/shared`).listCollections()).map((c) => c.id)).toEqual([group]);
    }
    // The lite SDK addresses databases the same way.
    for (const [label, database] of [
      ['na', undefined],
      ['eu', 'voiceglow-eu'],
      ['third', 'tenant-third'],
    ] as const) {
      const lite = fx.harness.liteDb(database ? { database } : {});
      expect((await getDocs(query(collection(lite, col), where('label', '==', label)))).size).toBe(2);
      expect((await getDocs(collectionGroup(lite, group))).docs.map((d) => d.ref.path)).toEqual([`${col}/shared/${group}/g-${label}`]);
      expect(liteDoc(lite, `${col}/x`).firestore).toBe(lite);
    }
  });

  it('a transaction in one database does not hold up or conflict with the same path in another', async () => {
    const path = `${fx.unique('txiso')}/counter`;
    await fx.db.doc(path).set({ n: 0 });
    await fx.eu.doc(path).set({ n: 100 });
    const started = Date.now();
    await fx.db.runTransaction(async (tx) => {
      const mine = await tx.get(fx.db.doc(path));
      // While this transaction holds its read, a transaction on the same path in voiceglow-eu runs to completion.
      await fx.eu.runTransaction(async (tx2) => {
        const theirs = await tx2.get(fx.eu.doc(path));
        tx2.update(fx.eu.doc(path), { n: (theirs.get('n') as number) + 1 });
      });
      tx.update(fx.db.doc(path), { n: (mine.get('n') as number) + 1 });
    });
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await fx.db.doc(path).get()).get('n')).toBe(1);
    expect((await fx.eu.doc(path).get()).get('n')).toBe(101);
  }, 20_000);

  it('clearing one database leaves the others', async () => {
    const col = fx.unique('clear');
    await third.doc(`${col}/x`).set({ v: 1 });
    await fx.eu.doc(`${col}/x`).set({ v: 2 });
    await fx.harness.clear('tenant-third');
    expect((await third.doc(`${col}/x`).get()).exists).toBe(false);
    expect((await third.listCollections()).map((c) => c.id)).not.toContain(col);
    expect((await fx.eu.doc(`${col}/x`).get()).get('v')).toBe(2);
  });
});
