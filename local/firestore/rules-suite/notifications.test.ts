// Rules for notifications-1/{id} and notifications-2/{id}: scoped by ownerID (workspace) and, for clients,
// by agentId (in widgetIDs) and notifyOnly.
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld, type World } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

type Db = ReturnType<World['as']>;
// The shell's query: latest 5 of the workspace in each collection.
const latest = (db: Db, coll: string, ownerID: string) =>
  getDocs(query(collection(db, coll), where('ownerID', '==', ownerID), orderBy('ts', 'desc'), limit(5)));
const forAgent = (db: Db, coll: string, agentId: string) =>
  getDocs(query(collection(db, coll), where('agentId', '==', agentId)));

describe('workspace owner and members', () => {
  it('the owner reads the latest notifications of both levels', async () => {
    const db = w.as('owner');
    expect((await latest(db, 'notifications-1', 'alice')).docs.map((d) => d.id)).toEqual(['nOnlyAdm', 'nAll']);
    expect((await latest(db, 'notifications-2', 'alice')).docs.map((d) => d.id)).toEqual(['nReq']);
  });

  it('a member marks one seen and deletes one (mark as read)', async () => {
    const db = w.as('member');
    await updateDoc(doc(db, 'notifications-1/nAll'), { seen: true });
    await deleteDoc(doc(db, 'notifications-2/nReq'));
    expect(await w.read('notifications-2/nReq')).toBeNull();
  });

  it('recipients may change nothing but seen, and create nothing', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'notifications-1/nAll'), { title: 'edited' }));
    await expectDenied(updateDoc(doc(db, 'notifications-1/nAll'), { seen: true, notifyOnly: ['cA'] }));
    await expectDenied(setDoc(doc(db, 'notifications-1/nNew'), { ownerID: 'alice', title: 'x', ts: 1, notificationLevel: 1 }));
  });

  it('seen must be a boolean', async () => {
    await expectDenied(updateDoc(doc(w.as('owner'), 'notifications-1/nAll'), { seen: 'yes' }));
  });
});

describe('agency clients', () => {
  it('read notifications of their agents addressed to every client', async () => {
    const db = w.as('client');
    expect((await getDoc(doc(db, 'notifications-1/nAll'))).exists()).toBe(true);
    expect((await forAgent(db, 'notifications-2', 'agentA1')).size).toBe(1);
  });

  it('notifyOnly limits who reads: the org admin is listed, client A is not', async () => {
    expect((await getDoc(doc(w.as('orgAdmin'), 'notifications-1/nOnlyAdm'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('client'), 'notifications-1/nOnlyAdm')));
    await expectDenied(forAgent(w.as('client'), 'notifications-1', 'agentA1'));
  });

  it('mark seen and delete their notifications, nothing else', async () => {
    const db = w.as('client');
    await updateDoc(doc(db, 'notifications-1/nAll'), { seen: true });
    await expectDenied(updateDoc(doc(db, 'notifications-1/nAll'), { notifyOnly: ['cA'] }));
    await deleteDoc(doc(db, 'notifications-2/nReq'));
  });

  it('cross-tenant: agency B’s client (agentA1 forged into widgetIDs) reads no notification of alice’s', async () => {
    expect((await getDoc(doc(w.as('otherClient'), 'notifications-1/nBob'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('otherClient'), 'notifications-1/nAll')));
    await expectDenied(deleteDoc(doc(w.as('otherClient'), 'notifications-2/nReq')));
  });
});

describe('others', () => {
  it('another tenant reads only its own notifications', async () => {
    const db = w.as('stranger');
    expect((await latest(db, 'notifications-2', 'bob')).size).toBe(1);
    await expectDenied(latest(db, 'notifications-1', 'alice'));
    await expectDenied(getDocs(collection(db, 'notifications-1')));
  });

  it('another tenant may not mark or delete alice’s notifications', async () => {
    await expectDenied(updateDoc(doc(w.as('stranger'), 'notifications-1/nAll'), { seen: true }));
    await expectDenied(deleteDoc(doc(w.as('stranger'), 'notifications-1/nAll')));
  });

  it('visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('anon'), 'notifications-1/nAll')));
  });

  it('EU database: the owner reads; the NA-only member does not', async () => {
    expect((await latest(w.as('owner', EU), 'notifications-1', 'alice')).size).toBe(2);
    await expectDenied(latest(w.as('member', EU), 'notifications-1', 'alice'));
  });
});
