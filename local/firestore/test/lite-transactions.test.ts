/** Transactions: the lite SDK's optimistic (verify-precondition) protocol and server-side transactions over REST. */
import { doc, getDoc, runTransaction, setDoc, updateDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let db: Firestore;

beforeAll(async () => {
  h = await startHarness({ lockTimeoutMs: 1000 });
  db = h.liteDb();
});
afterAll(() => h.stop());

const root = () => `projects/${h.projectId}/databases/(default)`;

async function rpc(verb: string, body: unknown, path = `${root()}/documents`): Promise<{ status: number; json: any }> {
  const res = await fetch(`${h.url}/v1/${path}:${verb}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

describe('lite SDK transactions', () => {
  it('20 concurrent read-modify-write increments end at exactly 20', async () => {
    const ref = doc(db, 'tx/counter');
    await setDoc(ref, { n: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        runTransaction(
          db,
          async (t) => {
            const snap = await t.get(ref);
            t.update(ref, { n: (snap.data()!.n as number) + 1 });
          },
          { maxAttempts: 20 },
        ),
      ),
    );
    expect((await getDoc(ref)).data()).toEqual({ n: 20 });
  }, 60_000);

  it('a transaction whose read document changed is retried and sees the new value', async () => {
    const ref = doc(db, 'tx/retry');
    await setDoc(ref, { n: 1 });
    let attempts = 0;
    await runTransaction(db, async (t) => {
      const snap = await t.get(ref);
      attempts++;
      if (attempts === 1) await updateDoc(ref, { n: 100 }); // a concurrent writer
      t.update(ref, { n: (snap.data()!.n as number) + 1 });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(ref)).data()).toEqual({ n: 101 });
  }, 30_000);

  it('creating a document read as missing fails if someone else created it first', async () => {
    const ref = doc(db, 'tx/created');
    let attempts = 0;
    await runTransaction(db, async (t) => {
      const snap = await t.get(ref);
      attempts++;
      if (attempts === 1) await setDoc(ref, { by: 'other' });
      t.set(ref, { by: 'tx', sawExisting: snap.exists() });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(ref)).data()).toEqual({ by: 'tx', sawExisting: true });
  }, 30_000);
});

describe('server transactions over REST', () => {
  const name = () => `${root()}/documents/tx/server`;

  it('commit with a transaction fails with ABORTED when a document it read changed', async () => {
    await setDoc(doc(db, 'tx/server'), { n: 1 });
    const { json: begun } = await rpc('beginTransaction', {});
    expect(typeof begun.transaction).toBe('string');
    const read = await rpc('batchGet', { documents: [name()], transaction: begun.transaction });
    expect(read.json[0].found.fields.n).toEqual({ integerValue: '1' });
    await updateDoc(doc(db, 'tx/server'), { n: 5 }); // non-transactional write in between
    const commit = await rpc('commit', {
      transaction: begun.transaction,
      writes: [{ update: { name: name(), fields: { n: { integerValue: '2' } } } }],
    });
    expect(commit.status).toBe(409);
    expect(commit.json.error.status).toBe('ABORTED');
    expect((await getDoc(doc(db, 'tx/server'))).data()).toEqual({ n: 5 });
  });

  it('a second transaction reading a locked document waits for the first to commit', async () => {
    await setDoc(doc(db, 'tx/server'), { n: 1 });
    const { json: t1 } = await rpc('beginTransaction', {});
    const { json: t2 } = await rpc('beginTransaction', {});
    await rpc('batchGet', { documents: [name()], transaction: t1.transaction });
    const t2read = rpc('batchGet', { documents: [name()], transaction: t2.transaction });
    const c1 = await rpc('commit', {
      transaction: t1.transaction,
      writes: [{ update: { name: name(), fields: { n: { integerValue: '2' } } } }],
    });
    expect(c1.status).toBe(200);
    const r2 = await t2read;
    expect(r2.json[0].found.fields.n).toEqual({ integerValue: '2' });
    const c2 = await rpc('commit', {
      transaction: t2.transaction,
      writes: [{ update: { name: name(), fields: { n: { integerValue: '3' } } } }],
    });
    expect(c2.status).toBe(200);
    expect((await getDoc(doc(db, 'tx/server'))).data()).toEqual({ n: 3 });
  });

  it('newTransaction on a read starts a transaction; rollback releases it', async () => {
    const r = await rpc('batchGet', { documents: [name()], newTransaction: { readWrite: {} } });
    expect(typeof r.json[0].transaction).toBe('string');
    const rb = await rpc('rollback', { transaction: r.json[0].transaction });
    expect(rb.status).toBe(200);
    const again = await rpc('commit', { transaction: r.json[0].transaction, writes: [] });
    expect(again.status).toBe(400);
    expect(again.json.error.status).toBe('INVALID_ARGUMENT');
    // The lock was released: a new transaction can read immediately.
    const { json: t3 } = await rpc('beginTransaction', {});
    const read = await rpc('batchGet', { documents: [name()], transaction: t3.transaction });
    expect(read.status).toBe(200);
    expect((await rpc('rollback', { transaction: t3.transaction })).status).toBe(200);
  });

  it('a lock held by an abandoned transaction ends in ABORTED for the waiter, not a hang', async () => {
    const { json: holder } = await rpc('beginTransaction', {});
    await rpc('batchGet', { documents: [name()], transaction: holder.transaction });
    const { json: waiter } = await rpc('beginTransaction', {});
    const started = Date.now();
    const r = await rpc('batchGet', { documents: [name()], transaction: waiter.transaction });
    expect(r.status).toBe(409);
    expect(r.json.error.status).toBe('ABORTED');
    expect(Date.now() - started).toBeLessThan(5_000);
    await rpc('rollback', { transaction: holder.transaction });
  }, 20_000);

  it('runQuery inside a transaction returns the transaction id and locks the results', async () => {
    const q = await rpc(
      'runQuery',
      { structuredQuery: { from: [{ collectionId: 'tx' }] }, newTransaction: { readWrite: {} } },
      `${root()}/documents`,
    );
    expect(typeof q.json[0].transaction).toBe('string');
    expect(q.json.filter((m: any) => m.document).length).toBeGreaterThan(0);
    const c = await rpc('commit', { transaction: q.json[0].transaction, writes: [] });
    expect(c.status).toBe(200);
  });
});
