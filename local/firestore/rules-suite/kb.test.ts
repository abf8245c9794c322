// Rules for knowledge-base documents voiceglow/{agentId}/kb/{docId} and their chunks (…/chunks/{id}).
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

describe('workspace owner and members', () => {
  it('owner lists the agent’s documents and reads chunks', async () => {
    const db = w.as('owner');
    expect((await getDocs(collection(db, 'voiceglow/agentA1/kb'))).docs.map((d) => d.id)).toEqual(['d1']);
    expect((await getDoc(doc(db, 'voiceglow/agentA1/kb/d1/chunks/d1_0'))).data()?.text).toBe('hello');
  });

  it('member creates, edits and deletes documents of the workspace agent', async () => {
    const db = w.as('member');
    await setDoc(doc(db, 'voiceglow/agentA1/kb/d2'), { ID: 'd2', name: 'Note', content: 'text', agentId: 'agentA1' });
    await updateDoc(doc(db, 'voiceglow/agentA1/kb/d2'), { name: 'Renamed' });
    await deleteDoc(doc(db, 'voiceglow/agentA1/kb/d2'));
    expect(await w.read('voiceglow/agentA1/kb/d2')).toBeNull();
  });

  it('a document may not claim another agent', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'voiceglow/agentA1/kb/d3'), { name: 'x', agentId: 'agentB1' }));
  });

  it('chunks are written by the ingestion functions only', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'voiceglow/agentA1/kb/d1/chunks/d1_1'), { text: 'forged' }));
    await expectDenied(deleteDoc(doc(w.as('owner'), 'voiceglow/agentA1/kb/d1/chunks/d1_0')));
  });
});

describe('another tenant', () => {
  it('reads its own agent’s documents but not others', async () => {
    const db = w.as('stranger');
    expect((await getDoc(doc(db, 'voiceglow/agentB1/kb/d1'))).data()?.name).toBe('Bob doc');
    await expectDenied(getDocs(collection(db, 'voiceglow/agentA1/kb')));
    await expectDenied(getDoc(doc(db, 'voiceglow/agentA1/kb/d1/chunks/d1_0')));
  });

  it('may not write into another owner’s knowledge base', async () => {
    await expectDenied(setDoc(doc(w.as('stranger'), 'voiceglow/agentA1/kb/evil'), { name: 'x', agentId: 'agentA1' }));
    await expectDenied(deleteDoc(doc(w.as('stranger'), 'voiceglow/agentA1/kb/d1')));
  });
});

describe('agency clients', () => {
  it('need /kb in canAccess: client A (home, convos) is denied', async () => {
    await expectDenied(getDocs(collection(w.as('client'), 'voiceglow/agentA1/kb')));
  });

  it('with /kb granted, read documents and chunks of their agent but never write', async () => {
    await w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/kb'] } });
    const db = w.as('client');
    expect((await getDocs(collection(db, 'voiceglow/agentA1/kb'))).size).toBe(1);
    expect((await getDoc(doc(db, 'voiceglow/agentA1/kb/d1/chunks/d1_0'))).exists()).toBe(true);
    await expectDenied(setDoc(doc(db, 'voiceglow/agentA1/kb/c1'), { name: 'client', agentId: 'agentA1' }));
  });

  it('cross-tenant: agency B’s client (all pages) cannot read agency A’s knowledge base', async () => {
    await expectDenied(getDocs(collection(w.as('otherClient'), 'voiceglow/agentA1/kb')));
  });
});

describe('visitors and regions', () => {
  it('unauthenticated visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('anon'), 'voiceglow/agentA1/kb/d1')));
  });

  it('the EU database: owner reads, the NA-only member does not', async () => {
    expect((await getDoc(doc(w.as('owner', EU), 'voiceglow/agentA1/kb/d1'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('member', EU), 'voiceglow/agentA1/kb/d1')));
  });
});
