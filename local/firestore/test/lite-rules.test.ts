/**
 * Security rules through the lite SDK: identity from (unsigned) ID tokens, the
 * owner bypass, get/list/create/update/delete, every returned document checked
 * on list, get()/exists() and getAfter() with the whole batch applied — and the
 * error codes the lite SDK surfaces.
 */
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  runTransaction,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

const RULES = `
rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow get, list: if request.auth != null && resource.data.owner == request.auth.uid;
      allow create: if request.auth != null && request.resource.data.owner == request.auth.uid;
      allow update: if request.auth != null && resource.data.owner == request.auth.uid
                    && request.resource.data.owner == resource.data.owner;
      allow delete: if request.auth != null && request.auth.token.role == 'admin';
    }
    match /staffOnly/{id} {
      allow read: if request.auth != null
                  && exists(/databases/$(database)/documents/staff/$(request.auth.uid));
    }
    match /pairs/{id} {
      allow create: if existsAfter(/databases/$(database)/documents/pairs/$(request.resource.data.partner))
                    && getAfter(/databases/$(database)/documents/pairs/$(request.resource.data.partner)).data.partner == id;
      allow read: if true;
    }
    match /public/{id} {
      allow read: if true;
    }
    match /scratch/{id} {
      allow read, write: if request.auth != null;
    }
  }
}
`;

let h: Harness;
let anon: Firestore;
let alice: Firestore;
let bob: Firestore;
let admin: Firestore;

async function asOwner(path: string, fields: Record<string, unknown>): Promise<void> {
  const name = `projects/${h.projectId}/databases/(default)/documents/${path}`;
  const res = await fetch(`${h.url}/v1/projects/${h.projectId}/databases/(default)/documents:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({ writes: [{ update: { name, fields } }] }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  h = await startHarness({ rules: RULES });
  anon = h.liteDb();
  alice = h.liteDb({ uid: 'alice' });
  bob = h.liteDb({ uid: 'bob' });
  admin = h.liteDb({ uid: 'root', claims: { role: 'admin' } });
  await asOwner('notes/a1', { owner: { stringValue: 'alice' }, text: { stringValue: 'hi' } });
  await asOwner('notes/a2', { owner: { stringValue: 'alice' }, text: { stringValue: 'yo' } });
  await asOwner('notes/b1', { owner: { stringValue: 'bob' }, text: { stringValue: 'bob' } });
  await asOwner('public/p', { v: { integerValue: '1' } });
  await asOwner('staffOnly/s', { v: { integerValue: '1' } });
  await asOwner('staff/bob', { since: { integerValue: '2020' } });
});
afterAll(() => h.stop());

const denied = { code: 'permission-denied', message: expect.stringContaining('Missing or insufficient permissions.') };

describe('identity and reads', () => {
  it('anyone may read public documents; nobody else is assumed signed in', async () => {
    expect((await getDoc(doc(anon, 'public/p'))).data()).toEqual({ v: 1 });
    await expect(getDoc(doc(anon, 'notes/a1'))).rejects.toMatchObject(denied);
  });

  it('get is allowed for the owner only (uid from the ID token)', async () => {
    expect((await getDoc(doc(alice, 'notes/a1'))).data()).toMatchObject({ text: 'hi' });
    await expect(getDoc(doc(bob, 'notes/a1'))).rejects.toMatchObject(denied);
  });

  it('list checks every returned document: a query that would return others’ notes is denied', async () => {
    const mine = await getDocs(query(collection(alice, 'notes'), where('owner', '==', 'alice')));
    expect(mine.docs.map((d) => d.id)).toEqual(['a1', 'a2']);
    await expect(getDocs(collection(alice, 'notes'))).rejects.toMatchObject(denied);
  });

  it('exists() in rules reads other documents', async () => {
    expect((await getDoc(doc(bob, 'staffOnly/s'))).exists()).toBe(true);
    await expect(getDoc(doc(alice, 'staffOnly/s'))).rejects.toMatchObject(denied);
  });

  it('the owner bearer bypasses rules', async () => {
    const res = await fetch(`${h.url}/v1/projects/${h.projectId}/databases/(default)/documents/notes/b1`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(res.status).toBe(200);
  });
});

describe('writes', () => {
  it('create checks request.resource; update sees resource and request.resource', async () => {
    await setDoc(doc(alice, 'notes/a3'), { owner: 'alice', text: 'new' });
    await expect(setDoc(doc(alice, 'notes/x'), { owner: 'bob', text: 'forged' })).rejects.toMatchObject(denied);
    await updateDoc(doc(alice, 'notes/a3'), { text: 'edited' });
    await expect(updateDoc(doc(alice, 'notes/a3'), { owner: 'bob' })).rejects.toMatchObject(denied);
    await expect(updateDoc(doc(bob, 'notes/a3'), { text: 'bob was here' })).rejects.toMatchObject(denied);
    expect((await getDoc(doc(alice, 'notes/a3'))).data()).toEqual({ owner: 'alice', text: 'edited' });
  });

  it('delete uses custom claims from the token', async () => {
    await expect(deleteDoc(doc(alice, 'notes/a3'))).rejects.toMatchObject(denied);
    await deleteDoc(doc(admin, 'notes/a3'));
  });

  it('a denied write in a batch rejects the whole batch', async () => {
    const b = writeBatch(alice);
    b.set(doc(alice, 'notes/a4'), { owner: 'alice' });
    b.set(doc(alice, 'notes/a5'), { owner: 'mallory' });
    await expect(b.commit()).rejects.toMatchObject(denied);
    expect((await getDocs(query(collection(alice, 'notes'), where('owner', '==', 'alice')))).docs.map((d) => d.id)).toEqual([
      'a1',
      'a2',
    ]);
  });

  it('getAfter sees the whole batch applied', async () => {
    await expect(setDoc(doc(anon, 'pairs/x'), { partner: 'y' })).rejects.toMatchObject(denied);
    const b = writeBatch(anon);
    b.set(doc(anon, 'pairs/x'), { partner: 'y' });
    b.set(doc(anon, 'pairs/y'), { partner: 'x' });
    await b.commit();
    expect((await getDoc(doc(anon, 'pairs/y'))).data()).toEqual({ partner: 'x' });
  });

  it('a denied read that would have begun a transaction leaves no locks behind', async () => {
    const base = `${h.url}/v1/projects/${h.projectId}/databases/(default)/documents`;
    const name = `projects/${h.projectId}/databases/(default)/documents/notes/b1`;
    const aliceToken = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"user_id":"alice","sub":"alice"}').toString('base64url')}.`;
    const denied = await fetch(`${base}:batchGet`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${aliceToken}` },
      body: JSON.stringify({ documents: [name], newTransaction: { readWrite: {} } }),
    });
    expect(denied.status).toBe(403);
    const started = Date.now();
    const ownerRead = await fetch(`${base}:batchGet`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify({ documents: [name], newTransaction: { readWrite: {} } }),
    });
    expect(ownerRead.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    const [first] = (await ownerRead.json()) as { transaction: string }[];
    await fetch(`${base}:rollback`, { method: 'POST', headers: { Authorization: 'Bearer owner' }, body: JSON.stringify({ transaction: first!.transaction }) });
  });

  it('transactions are authorized too', async () => {
    await expect(
      runTransaction(alice, async (t) => {
        await t.get(doc(alice, 'notes/a1'));
        t.update(doc(alice, 'notes/b1'), { text: 'stolen' });
      }),
    ).rejects.toMatchObject(denied);
  });
});

describe('error codes the lite SDK surfaces', () => {
  it('not-found, permission-denied, failed-precondition (HTTP 400), aborted (HTTP 409), unimplemented', async () => {
    const owner = h.liteDb({ uid: 'alice' });
    await expect(updateDoc(doc(owner, 'notes/none'), { owner: 'alice' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(getDoc(doc(bob, 'notes/a1'))).rejects.toMatchObject({ code: 'permission-denied' });
    // The lite SDK maps HTTP statuses to codes: 400 (INVALID_ARGUMENT and FAILED_PRECONDITION) -> failed-precondition.
    await expect(setDoc(doc(owner, 'notes/big'), { owner: 'alice', s: 'x'.repeat(1_100_000) })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('exceeds the maximum allowed size'),
    });
    // A transaction that read a document as missing and then lost the race to create it: ALREADY_EXISTS (409) -> aborted.
    await expect(
      runTransaction(
        owner,
        async (t) => {
          await t.get(doc(owner, 'scratch/r'));
          await asOwner('scratch/r', { by: { stringValue: 'someone else' } });
          t.set(doc(owner, 'scratch/r'), { by: 'alice' });
        },
        { maxAttempts: 1 },
      ),
    ).rejects.toMatchObject({ code: 'aborted' });
    // A transaction whose read document changed: the update-time precondition fails (400) -> failed-precondition.
    await expect(
      runTransaction(
        owner,
        async (t) => {
          await t.get(doc(owner, 'scratch/r'));
          await asOwner('scratch/r', { by: { stringValue: 'changed' } });
          t.set(doc(owner, 'scratch/r'), { by: 'alice' });
        },
        { maxAttempts: 1 },
      ),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect((await getDoc(doc(owner, 'scratch/r'))).data()).toEqual({ by: 'changed' });
    const res = await fetch(`${h.url}/v1/projects/${h.projectId}/databases/(default)/documents:listen`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(501);
  });
});
