/**
 * Conformance through firebase-admin (gRPC): set / merge / update, every
 * FieldValue transform, deletes, preconditions, transactions under contention,
 * batches and BulkWriter.
 */
import * as grpc from '@grpc/grpc-js';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { lookupType } from '../src/grpc/protos.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpcCodeOf, startAdmin, type AdminHarness } from './admin-client.ts';

const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;
const INVALID_ARGUMENT = 3;

let fx: AdminHarness;
beforeAll(async () => {
  fx = await startAdmin();
});
afterAll(async () => {
  await fx?.stop();
});

describe('firebase-admin writes', () => {
  it('set replaces, set with merge merges, update changes only named fields', async () => {
    const ref = fx.db.collection(fx.unique('set')).doc('d');
    await ref.set({ a: 1, b: { x: 1, y: 2 }, c: 'keep' });
    await ref.set({ b: { x: 10 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: { x: 10, y: 2 }, c: 'keep' });
    await ref.set({ a: 2, b: { z: 3 } }, { mergeFields: ['b.z'] });
    expect((await ref.get()).data()).toEqual({ a: 1, b: { x: 10, y: 2, z: 3 }, c: 'keep' });
    await ref.update({ b: { only: true }, 'n.m': 5 });
    expect((await ref.get()).data()).toEqual({ a: 1, b: { only: true }, c: 'keep', n: { m: 5 } });
    await ref.set({ fresh: true });
    expect((await ref.get()).data()).toEqual({ fresh: true });
  });

  it('FieldValue.delete removes fields in update and merge', async () => {
    const ref = fx.db.collection(fx.unique('del')).doc('d');
    await ref.set({ a: 1, b: 2, m: { x: 1, y: 2 } });
    await ref.update({ a: FieldValue.delete(), 'm.x': FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ b: 2, m: { y: 2 } });
    await ref.set({ b: FieldValue.delete(), c: 3 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ m: { y: 2 }, c: 3 });
  });

  it('applies serverTimestamp, increment, arrayUnion and arrayRemove', async () => {
    const ref = fx.db.collection(fx.unique('transforms')).doc('d');
    const before = Date.now();
    await ref.set({ i: 5, d: 1.25, arr: [1, 2, 2, 3], m: {} });
    const result = await ref.update({
      at: FieldValue.serverTimestamp(),
      i: FieldValue.increment(2),
      d: FieldValue.increment(0.5),
      fresh: FieldValue.increment(3),
      'm.count': FieldValue.increment(1),
      arr: FieldValue.arrayRemove(2),
      tags: FieldValue.arrayUnion('a', 'b'),
    });
    const data = (await ref.get()).data()!;
    expect(data['i']).toBe(7);
    expect(data['d']).toBe(1.75);
    expect(data['fresh']).toBe(3);
    expect(data['m']).toEqual({ count: 1 });
    expect(data['arr']).toEqual([1, 3]);
    expect(data['tags']).toEqual(['a', 'b']);
    const at = data['at'] as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 1000);
    expect(at.toMillis()).toBeLessThanOrEqual(Date.now() + 1000);
    // The server timestamp is the commit time.
    expect(at.isEqual(result.writeTime)).toBe(true);

    await ref.update({ tags: FieldValue.arrayUnion('b', 'c', 'c'), i: FieldValue.increment(-10), d: FieldValue.increment(1) });
    const again = (await ref.get()).data()!;
    expect(again['tags']).toEqual(['a', 'b', 'c']);
    expect(again['i']).toBe(-3);
    expect(again['d']).toBe(2.75);
  });

  it('increments integers as integers and mixes to double when needed', async () => {
    const col = fx.db.collection(fx.unique('incr'));
    await col.doc('d').set({ n: 1 });
    await col.doc('d').update({ n: FieldValue.increment(1.5) });
    expect((await col.doc('d').get()).get('n')).toBe(2.5);
    await col.doc('e').set({ n: 'text' });
    await col.doc('e').update({ n: FieldValue.increment(4) });
    expect((await col.doc('e').get()).get('n')).toBe(4);
    // Exact integer arithmetic: stays an integer and is found by an integer equality.
    await col.doc('f').set({ n: 10 });
    await col.doc('f').update({ n: FieldValue.increment(5) });
    expect((await col.where('n', '==', 15).get()).docs.map((d) => d.id)).toEqual(['f']);
  });

  it('create on an existing document fails with ALREADY_EXISTS', async () => {
    const ref = fx.db.collection(fx.unique('create')).doc('d');
    await ref.create({ a: 1 });
    expect(await grpcCodeOf(ref.create({ a: 2 }))).toBe(ALREADY_EXISTS);
    expect((await ref.get()).data()).toEqual({ a: 1 });
  });

  it('update on a missing document fails with NOT_FOUND', async () => {
    const ref = fx.db.collection(fx.unique('update')).doc('missing');
    expect(await grpcCodeOf(ref.update({ a: 1 }))).toBe(NOT_FOUND);
    expect((await ref.get()).exists).toBe(false);
  });

  it('a lastUpdateTime mismatch fails with FAILED_PRECONDITION; a match succeeds', async () => {
    const ref = fx.db.collection(fx.unique('precond')).doc('d');
    const first = await ref.set({ v: 1 });
    await ref.set({ v: 2 });
    expect(await grpcCodeOf(ref.update({ v: 3 }, { lastUpdateTime: first.writeTime }))).toBe(FAILED_PRECONDITION);
    expect(await grpcCodeOf(ref.delete({ lastUpdateTime: first.writeTime }))).toBe(FAILED_PRECONDITION);
    expect((await ref.get()).get('v')).toBe(2);
    const current = (await ref.get()).updateTime!;
    await ref.update({ v: 4 }, { lastUpdateTime: current });
    expect((await ref.get()).get('v')).toBe(4);
    await ref.delete({ exists: true });
    expect((await ref.get()).exists).toBe(false);
    expect(await grpcCodeOf(ref.delete({ exists: true }))).toBe(NOT_FOUND);
    // A plain delete of a missing document succeeds.
    await ref.delete();
  });

  it('keeps createTime across updates and advances updateTime', async () => {
    const ref = fx.db.collection(fx.unique('times')).doc('d');
    await ref.set({ v: 1 });
    const a = await ref.get();
    await ref.update({ v: 2 });
    const b = await ref.get();
    expect(b.createTime!.isEqual(a.createTime!)).toBe(true);
    expect(b.updateTime!.toMillis() >= a.updateTime!.toMillis()).toBe(true);
    expect(b.updateTime!.isEqual(a.updateTime!)).toBe(false);
  });

  it('runs 20 concurrent read-modify-write transactions to exactly 20', async () => {
    const ref = fx.db.collection(fx.unique('txn')).doc('counter');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fx.db.runTransaction(
          async (tx) => {
            const snap = await tx.get(ref);
            tx.update(ref, { n: (snap.get('n') as number) + 1 });
          },
          { maxAttempts: 50 },
        ),
      ),
    );
    expect((await ref.get()).get('n')).toBe(20);
  });

  it('a transaction sees a consistent snapshot and its writes are atomic', async () => {
    const col = fx.db.collection(fx.unique('txn2'));
    await col.doc('a').set({ balance: 100 });
    await col.doc('b').set({ balance: 0 });
    await fx.db.runTransaction(async (tx) => {
      const [a, b] = await tx.getAll(col.doc('a'), col.doc('b'));
      const q = await tx.get(col.where('balance', '>=', 0));
      expect(q.size).toBe(2);
      tx.update(col.doc('a'), { balance: a!.get('balance') - 30 });
      tx.update(col.doc('b'), { balance: b!.get('balance') + 30 });
    });
    expect((await col.doc('a').get()).get('balance')).toBe(70);
    expect((await col.doc('b').get()).get('balance')).toBe(30);
    // A failing transaction function rolls back: nothing is written.
    await expect(
      fx.db.runTransaction(async (tx) => {
        await tx.get(col.doc('a'));
        tx.update(col.doc('a'), { balance: 0 });
        throw new Error('user abort');
      }),
    ).rejects.toThrow('user abort');
    expect((await col.doc('a').get()).get('balance')).toBe(70);
  });

  it('read-only transactions read without writing', async () => {
    const ref = fx.db.collection(fx.unique('ro')).doc('d');
    await ref.set({ v: 1 });
    const v = await fx.db.runTransaction(async (tx) => (await tx.get(ref)).get('v'), { readOnly: true });
    expect(v).toBe(1);
  });

  it('commits a batch of 500 writes atomically', async () => {
    const col = fx.db.collection(fx.unique('batch'));
    const batch = fx.db.batch();
    for (let i = 0; i < 500; i++) batch.set(col.doc(`d${String(i).padStart(3, '0')}`), { i });
    const results = await batch.commit();
    expect(results).toHaveLength(500);
    expect((await col.count().get()).data().count).toBe(500);
  });

  it('rejects a batch of 501 writes with INVALID_ARGUMENT and writes nothing', async () => {
    const col = fx.db.collection(fx.unique('batch501'));
    const batch = fx.db.batch();
    for (let i = 0; i < 501; i++) batch.set(col.doc(`d${i}`), { i });
    expect(await grpcCodeOf(batch.commit())).toBe(INVALID_ARGUMENT);
    expect((await col.count().get()).data().count).toBe(0);
  });

  it('a failing write aborts its whole batch', async () => {
    const col = fx.db.collection(fx.unique('atomic'));
    await col.doc('exists').set({ v: 1 });
    const batch = fx.db.batch();
    batch.set(col.doc('new'), { v: 1 });
    batch.create(col.doc('exists'), { v: 2 });
    expect(await grpcCodeOf(batch.commit())).toBe(ALREADY_EXISTS);
    expect((await col.doc('new').get()).exists).toBe(false);
  });

  it('BulkWriter writes 500 documents and reports per-write failures', async () => {
    const col = fx.db.collection(fx.unique('bulk'));
    await col.doc('taken').set({ v: 0 });
    const writer = fx.db.bulkWriter();
    const failures: number[] = [];
    writer.onWriteError((err) => {
      failures.push(Number(err.code));
      return false;
    });
    for (let i = 0; i < 500; i++) void writer.set(col.doc(`b${i}`), { i });
    const failed = writer.create(col.doc('taken'), { v: 1 }).catch((e: { code: number }) => e.code);
    await writer.close();
    expect(await failed).toBe(ALREADY_EXISTS);
    expect(failures).toEqual([ALREADY_EXISTS]);
    expect((await col.count().get()).data().count).toBe(501);
  });

  it('applies maximum and minimum transforms (raw gRPC Commit: the admin SDK does not expose them)', async () => {
    const colId = fx.unique('minmax');
    const ref = fx.db.collection(colId).doc('d');
    await ref.set({ hi: 5, lo: 5, mixed: 2, absent: 'text' });
    const commitRequest = lookupType('google.firestore.v1.CommitRequest');
    const dbName = `projects/${fx.harness.projectId}/databases/(default)`;
    const request = commitRequest.fromObject({
      database: dbName,
      writes: [
        {
          transform: {
            document: `${dbName}/documents/${colId}/d`,
            fieldTransforms: [
              { fieldPath: 'hi', maximum: { integerValue: 9 } },
              { fieldPath: 'lo', minimum: { integerValue: 1 } },
              { fieldPath: 'mixed', maximum: { doubleValue: 2.5 } },
              { fieldPath: 'absent', minimum: { integerValue: 3 } },
              { fieldPath: 'unchanged', maximum: { integerValue: -1 } },
            ],
          },
        },
      ],
    });
    const client = new grpc.Client(fx.harness.target, grpc.credentials.createInsecure());
    const md = new grpc.Metadata();
    md.set('authorization', 'Bearer owner');
    try {
      await new Promise<void>((resolve, reject) =>
        client.makeUnaryRequest(
          '/google.firestore.v1.Firestore/Commit',
          () => Buffer.from(commitRequest.encode(request).finish()),
          (b: Buffer) => b,
          null,
          md,
          (err) => (err ? reject(err) : resolve()),
        ),
      );
    } finally {
      client.close();
    }
    expect((await ref.get()).data()).toEqual({ hi: 9, lo: 1, mixed: 2.5, absent: 3, unchanged: -1 });
  });
});
