/**
 * Durability of what firebase-admin writes over gRPC (commits, transforms, field
 * deletes, transactions, BulkWriter's BatchWrite), in several databases at once,
 * with create/update times kept exactly; and the emulator's clear endpoint
 * staying cleared after kill -9.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { adminClients, cleanupCli, liteClient, PROJECT, startCli } from './cli-process.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-fs-dur-'));
afterEach(() => cleanupCli());
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function rawCommit(port: number, database: string, docPath: string, fields: object): Promise<void> {
  const root = `projects/${PROJECT}/databases/${database}`;
  const res = await fetch(`http://127.0.0.1:${port}/v1/${root}/documents:commit`, {
    method: 'POST',
    body: JSON.stringify({ writes: [{ update: { name: `${root}/documents/${docPath}`, fields } }] }),
  });
  expect(res.status).toBe(200);
}

describe('durability of gRPC writes across databases', () => {
  it('every write firebase-admin got an acknowledgement for survives kill -9, per database', async () => {
    const dir = path.join(tmp, 'grpc');
    const a = await startCli(['--data', dir]);
    const { db, eu } = adminClients(a.port);

    await db.doc('users/u1').set({ name: 'Ada', n: 1, tags: ['a'], gone: true, nested: { keep: 1, drop: 2 } });
    await db.doc('users/u1').update({
      n: FieldValue.increment(2),
      ratio: FieldValue.increment(0.5),
      tags: FieldValue.arrayUnion('b'),
      at: FieldValue.serverTimestamp(),
      gone: FieldValue.delete(),
      'nested.drop': FieldValue.delete(),
    });
    await db.doc('users/u2').set({ name: 'Bob' });
    await db.doc('users/u2').delete();
    await db.runTransaction(async (tx) => {
      const snap = await tx.get(db.doc('users/u1'));
      tx.set(db.doc('counters/c'), { copiedN: snap.get('n') });
    });
    const writer = db.bulkWriter();
    for (let i = 0; i < 120; i++) void writer.set(db.doc(`bulk/b${i}`), { i });
    await writer.close();

    await eu.doc('users/u1').set({ name: 'Eva', region: 'eu' });
    await setDoc(doc(liteClient(a.port, { database: 'voiceglow-eu' }), 'users/lite'), { via: 'rest' });
    await rawCommit(a.port, 'third-db', 'users/u1', { name: { stringValue: 'Third' } });
    const before = await db.doc('users/u1').get();

    a.child.kill('SIGKILL');
    await a.exit;

    const b = await startCli(['--data', dir]);
    const again = adminClients(b.port);
    const u1 = await again.db.doc('users/u1').get();
    const data = u1.data()!;
    expect(data['name']).toBe('Ada');
    expect(data['n']).toBe(3);
    expect(data['ratio']).toBe(0.5);
    expect(data['tags']).toEqual(['a', 'b']);
    expect(data['nested']).toEqual({ keep: 1 });
    expect('gone' in data).toBe(false);
    expect((data['at'] as Timestamp).isEqual(before.get('at') as Timestamp)).toBe(true);
    // Create and update times are part of the document, not of the process.
    expect(u1.createTime!.isEqual(before.createTime!)).toBe(true);
    expect(u1.updateTime!.isEqual(before.updateTime!)).toBe(true);
    expect((await again.db.doc('users/u2').get()).exists).toBe(false);
    expect((await again.db.doc('counters/c').get()).data()).toEqual({ copiedN: 3 });
    expect((await again.db.collection('bulk').count().get()).data().count).toBe(120);

    // Each database kept its own documents.
    expect((await again.eu.doc('users/u1').get()).data()).toEqual({ name: 'Eva', region: 'eu' });
    expect((await again.eu.doc('users/lite').get()).data()).toEqual({ via: 'rest' });
    expect((await again.eu.collection('bulk').count().get()).data().count).toBe(0);
    const third = await fetch(`http://127.0.0.1:${b.port}/v1/projects/${PROJECT}/databases/third-db/documents/users/u1`);
    expect(((await third.json()) as { fields: unknown }).fields).toEqual({ name: { stringValue: 'Third' } });
    expect((await again.db.collection('users').get()).docs.map((d) => d.id)).toEqual(['u1']);
  }, 60_000);

  it('a database cleared through the emulator endpoint stays cleared after kill -9; the others stay', async () => {
    const dir = path.join(tmp, 'clear');
    const a = await startCli(['--data', dir]);
    const na = liteClient(a.port);
    const eu = liteClient(a.port, { database: 'voiceglow-eu' });
    await setDoc(doc(na, 'k/v'), { db: 'default' });
    await setDoc(doc(eu, 'k/v'), { db: 'eu' });
    const cleared = await fetch(`http://127.0.0.1:${a.port}/emulator/v1/projects/${PROJECT}/databases/voiceglow-eu/documents`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect((await getDoc(doc(eu, 'k/v'))).exists()).toBe(false);
    a.child.kill('SIGKILL');
    await a.exit;

    const b = await startCli(['--data', dir]);
    expect((await getDoc(doc(liteClient(b.port, { database: 'voiceglow-eu' }), 'k/v'))).exists()).toBe(false);
    expect((await getDoc(doc(liteClient(b.port), 'k/v'))).data()).toEqual({ db: 'default' });
  }, 30_000);
});
