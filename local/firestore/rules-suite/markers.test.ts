// Rules for the conversations change marker voiceglow/{agentId}/markers/conversations (polled before chats).
import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld();

const marker = 'voiceglow/agentA1/markers/conversations';

describe('allowed', () => {
  it('owner, member and a client with /convos read the marker', async () => {
    expect((await getDoc(doc(w.as('owner'), marker))).data()?.conversationId).toBe('c1');
    expect((await getDoc(doc(w.as('member'), marker))).exists()).toBe(true);
    expect((await getDoc(doc(w.as('client'), marker))).exists()).toBe(true);
  });

  it('the owner reads it in the EU database', async () => {
    expect((await getDoc(doc(w.as('owner', EU), marker))).exists()).toBe(true);
  });
});

describe('denied', () => {
  it('nobody writes the marker from a client', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), marker), { changedAt: 2, conversationId: 'c1' }));
  });

  it('a client without /convos, another tenant’s client, a stranger and a visitor read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('orgAdmin'), marker)));
    await expectDenied(getDoc(doc(w.as('otherClient'), marker)));
    await expectDenied(getDoc(doc(w.as('stranger'), marker)));
    await expectDenied(getDoc(doc(w.as('anon'), marker)));
  });

  it('the NA-only member reads nothing in the EU database', async () => {
    await expectDenied(getDoc(doc(w.as('member', EU), marker)));
  });
});
