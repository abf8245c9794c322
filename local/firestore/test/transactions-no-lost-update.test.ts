/**
 * Transactions as users see them, through both SDKs at once: no lost update when
 * lite transactions, firebase-admin transactions and plain increments race on
 * one document; a transaction whose read data changed under it is retried (the
 * server answers ABORTED / a failed precondition) and never commits a result
 * computed from an inconsistent state.
 */
import { doc, getDoc, runTransaction as liteRunTransaction, type Firestore as LiteFirestore } from 'firebase/firestore/lite';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdmin, type AdminHarness } from './admin-client.ts';

let fx: AdminHarness;
let lite: LiteFirestore;
beforeAll(async () => {
  fx = await startAdmin();
  lite = fx.harness.liteDb();
});
afterAll(async () => {
  await fx?.stop();
});

describe('no lost update across SDKs', () => {
  it('admin transactions, lite transactions and plain increments on one counter all count', async () => {
    const path = `${fx.unique('mixed')}/counter`;
    await fx.db.doc(path).set({ n: 0 });
    const adminTxns = Array.from({ length: 10 }, () =>
      fx.db.runTransaction(
        async (tx) => {
          const snap = await tx.get(fx.db.doc(path));
          tx.update(fx.db.doc(path), { n: (snap.get('n') as number) + 1 });
        },
        { maxAttempts: 50 },
      ),
    );
    const liteTxns = Array.from({ length: 10 }, () =>
      liteRunTransaction(
        lite,
        async (t) => {
          const snap = await t.get(doc(lite, path));
          t.update(doc(lite, path), { n: (snap.data()!.n as number) + 1 });
        },
        { maxAttempts: 50 },
      ),
    );
    const increments = Array.from({ length: 10 }, () => fx.db.doc(path).update({ n: FieldValue.increment(1) }));
    await Promise.all([...adminTxns, ...liteTxns, ...increments]);
    expect((await fx.db.doc(path).get()).get('n')).toBe(30);
    expect((await getDoc(doc(lite, path))).data()).toEqual({ n: 30 });
  }, 60_000);

  it('an admin transaction whose read document is changed by another writer is retried with the new value', async () => {
    const ref = fx.db.collection(fx.unique('retry')).doc('d');
    await ref.set({ n: 1 });
    let attempts = 0;
    const seen: number[] = [];
    await fx.db.runTransaction(async (tx) => {
      const n = (await tx.get(ref)).get('n') as number;
      seen.push(n);
      attempts++;
      if (attempts === 1) await ref.update({ n: 100 }); // a concurrent non-transactional writer
      tx.update(ref, { n: n + 1 });
    });
    expect(seen).toEqual([1, 100]);
    expect((await ref.get()).get('n')).toBe(101);
  }, 30_000);
});

describe('a transaction never commits a result computed from an inconsistent state', () => {
  // Two accounts always sum to 100; a transfer lands between the transaction's two reads.
  it.each(['admin', 'lite'] as const)('via %s: the summary written is always 100', async (sdk) => {
    const col = fx.unique(`consistent-${sdk}`);
    await fx.db.doc(`${col}/a`).set({ v: 60 });
    await fx.db.doc(`${col}/b`).set({ v: 40 });
    const transfer = async () => {
      const batch = fx.db.batch();
      batch.update(fx.db.doc(`${col}/a`), { v: 30 });
      batch.update(fx.db.doc(`${col}/b`), { v: 70 });
      await batch.commit();
    };
    let attempts = 0;
    const sums: number[] = [];
    if (sdk === 'admin') {
      await fx.db.runTransaction(async (tx) => {
        attempts++;
        const a = (await tx.get(fx.db.doc(`${col}/a`))).get('v') as number;
        if (attempts === 1) await transfer();
        const b = (await tx.get(fx.db.doc(`${col}/b`))).get('v') as number;
        sums.push(a + b);
        tx.set(fx.db.doc(`${col}/summary`), { sum: a + b });
      });
    } else {
      await liteRunTransaction(lite, async (t) => {
        attempts++;
        const a = (await t.get(doc(lite, `${col}/a`))).data()!.v as number;
        if (attempts === 1) await transfer();
        const b = (await t.get(doc(lite, `${col}/b`))).data()!.v as number;
        sums.push(a + b);
        t.set(doc(lite, `${col}/summary`), { sum: a + b });
      });
    }
    // The first attempt read "a" before the transfer changed it: that attempt must not commit.
    expect(attempts).toBe(2);
    expect(sums.at(-1)).toBe(100);
    expect((await fx.db.doc(`${col}/summary`).get()).data()).toEqual({ sum: 100 });
  }, 30_000);
});
