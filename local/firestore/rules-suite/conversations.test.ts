// Rules for conversations voiceglow/{agentId}/conversations/{id} and their messages (…/messages/{id}).
// Written by the runtime and operator callables only.
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

describe('workspace owner and members', () => {
  it('owner lists conversations and reads messages', async () => {
    const db = w.as('owner');
    expect((await getDocs(collection(db, 'voiceglow/agentA1/conversations'))).docs.map((d) => d.id)).toEqual(['c1']);
    expect((await getDocs(collection(db, 'voiceglow/agentA1/conversations/c1/messages'))).docs[0]?.data().text).toBe('hi');
  });

  it('member reads a conversation', async () => {
    expect((await getDoc(doc(w.as('member'), 'voiceglow/agentA1/conversations/c1'))).exists()).toBe(true);
  });

  it('nobody writes conversations or messages directly', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'voiceglow/agentA1/conversations/c1'), { control: 'human' }));
    await expectDenied(setDoc(doc(db, 'voiceglow/agentA1/conversations/c1/messages/m2'), { role: 'operator', text: 'x', ts: 2 }));
  });
});

describe('agency clients', () => {
  it('with /convos in canAccess, read the chats of their agent', async () => {
    const db = w.as('client');
    expect((await getDocs(collection(db, 'voiceglow/agentA1/conversations'))).size).toBe(1);
    expect((await getDoc(doc(db, 'voiceglow/agentA1/conversations/c1/messages/m1'))).data()?.text).toBe('hi');
  });

  it('without /convos (the org admin has /home only) read no chats', async () => {
    await expectDenied(getDocs(collection(w.as('orgAdmin'), 'voiceglow/agentA1/conversations')));
    await expectDenied(getDoc(doc(w.as('orgAdmin'), 'voiceglow/agentA1/conversations/c1/messages/m1')));
  });

  it('losing /convos takes the chats away at once (canAccess is read from the client record)', async () => {
    await w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home'] } });
    await expectDenied(getDoc(doc(w.as('client'), 'voiceglow/agentA1/conversations/c1')));
  });

  it('cross-tenant: agency B’s client with /convos cannot read agency A’s chats', async () => {
    expect((await getDoc(doc(w.as('otherClient'), 'voiceglow/agentB1/conversations/c1'))).exists()).toBe(true);
    await expectDenied(getDocs(collection(w.as('otherClient'), 'voiceglow/agentA1/conversations')));
  });

  it('clients never write messages', async () => {
    await expectDenied(setDoc(doc(w.as('client'), 'voiceglow/agentA1/conversations/c1/messages/m9'), { role: 'operator', text: 'x', ts: 9 }));
  });
});

describe('others', () => {
  it('another tenant and visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('stranger'), 'voiceglow/agentA1/conversations/c1')));
    await expectDenied(getDocs(collection(w.as('anon'), 'voiceglow/agentA1/conversations/c1/messages')));
  });

  it('EU database: owner allowed, NA-only member denied', async () => {
    expect((await getDoc(doc(w.as('owner', EU), 'voiceglow/agentA1/conversations/c1'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('member', EU), 'voiceglow/agentA1/conversations/c1')));
  });
});
