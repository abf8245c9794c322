// Rules for agency clients clients/{clientId}.
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const ids = (snap: { docs: { id: string }[] }) => snap.docs.map((d) => d.id).sort();

describe('agency owner (owner of the client’s org)', () => {
  it('lists the clients of its org', async () => {
    expect(ids(await getDocs(query(collection(w.as('owner'), 'clients'), where('orgId', '==', 'orgA'))))).toEqual(['cA', 'cAdm']);
  });

  it('adds a client (no password on the record) and edits its access and agents', async () => {
    const db = w.as('owner');
    await setDoc(doc(db, 'clients/cNew'), { ID: 'cNew', orgId: 'orgA', email: 'new@client.test', widgetIDs: ['agentA1'], canAccess: ['/home'] });
    await updateDoc(doc(db, 'clients/cNew'), { canAccess: ['/home', '/convos'], widgetIDs: ['agentA1', 'agentA2'], isOrgAdmin: true });
    await updateDoc(doc(db, 'clients/cNew'), { orgId: 'orgOff' });
  });

  it('deletes a client', async () => {
    await deleteDoc(doc(w.as('owner'), 'clients/cA'));
    expect(await w.read('clients/cA')).toBeNull();
  });

  it('never writes a plain dashboard password (a function hashes it into private/credentials)', async () => {
    const db = w.as('owner');
    await expectDenied(setDoc(doc(db, 'clients/cPw'), { ID: 'cPw', orgId: 'orgA', email: 'pw@client.test', dashboardPassword: 'abc123abc123abc' }));
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { dashboardPassword: 'abc123abc123abc' }));
  });

  it('may not add clients to, or move clients into, another agency’s org', async () => {
    const db = w.as('owner');
    await expectDenied(setDoc(doc(db, 'clients/cX'), { ID: 'cX', orgId: 'orgB', email: 'x@client.test' }));
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { orgId: 'orgB' }));
  });
});

describe('the client itself', () => {
  it('reads its record', async () => {
    expect((await getDoc(doc(w.as('client'), 'clients/cA'))).data()?.canAccess).toEqual(['/home', '/convos']);
  });

  it('toggles its status and edits notification settings and language', async () => {
    const db = w.as('client');
    await updateDoc(doc(db, 'clients/cA'), { status: 'online' });
    await updateDoc(doc(db, 'clients/cA'), { 'notificationsSettings.notifyIf': 'requestsOnly', preferredLanguage: 'de' });
    expect((await getDoc(doc(db, 'clients/cA'))).data()).toMatchObject({ status: 'online', preferredLanguage: 'de' });
  });

  it('may not grant itself pages, agents, admin rights, a password or another org', async () => {
    const db = w.as('client');
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { canAccess: ['/home', '/convos', '/settings'] }));
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { widgetIDs: ['agentA1', 'agentA2'] }));
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { isOrgAdmin: true }));
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { dashboardPassword: 'mine' }));
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { orgId: 'orgOff' }));
  });

  it('status is online or offline', async () => {
    await expectDenied(updateDoc(doc(w.as('client'), 'clients/cA'), { status: 'admin' }));
  });

  it('reads no other client and cannot list its org', async () => {
    await expectDenied(getDoc(doc(w.as('client'), 'clients/cAdm')));
    await expectDenied(getDocs(query(collection(w.as('client'), 'clients'), where('orgId', '==', 'orgA'))));
  });
});

describe('org admin', () => {
  it('reads the clients of its org', async () => {
    expect(ids(await getDocs(query(collection(w.as('orgAdmin'), 'clients'), where('orgId', '==', 'orgA'))))).toEqual(['cA', 'cAdm']);
  });

  it('may not edit other clients nor create clients directly', async () => {
    const db = w.as('orgAdmin');
    await expectDenied(updateDoc(doc(db, 'clients/cA'), { canAccess: ['/home', '/settings'] }));
    await expectDenied(setDoc(doc(db, 'clients/cNew2'), { ID: 'cNew2', orgId: 'orgA', email: 'n@client.test' }));
  });
});

describe('others', () => {
  it('cross-tenant: agency B’s owner and client read no client of org A', async () => {
    await expectDenied(getDoc(doc(w.as('stranger'), 'clients/cA')));
    await expectDenied(getDocs(query(collection(w.as('otherClient'), 'clients'), where('orgId', '==', 'orgA'))));
    await expectDenied(getDocs(query(collection(w.as('stranger'), 'clients'), where('email', '==', 'ca@client.test'))));
  });

  it('another tenant may not edit or delete agency A’s clients', async () => {
    await expectDenied(updateDoc(doc(w.as('stranger'), 'clients/cA'), { canAccess: ['/settings'] }));
    await expectDenied(deleteDoc(doc(w.as('stranger'), 'clients/cA')));
  });

  it('visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('anon'), 'clients/cA')));
  });

  it('EU database: the client reads itself; another tenant does not', async () => {
    expect((await getDoc(doc(w.as('client', EU), 'clients/cA'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('stranger', EU), 'clients/cA')));
  });
});
