// Rules for conversations voiceglow/{agentId}/conversations/{id} and their messages (…/messages/{id}).
// Written by the runtime and operator callables only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, ids, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const CONVOS = 'voiceglow/agentA1/conversations';
const MESSAGES = 'voiceglow/agentA1/conversations/c1/messages';
const list = (role: Role, path: string) => getDocs(collection(w.as(role), path));
const acrossAgents = (role: Role, id: 'conversations' | 'messages') => getDocs(collectionGroup(w.as(role), id));

describe('owner', () => {
  it('lists the agent’s conversations and reads their messages', async () => {
    expect(ids(await assertSucceeds(list('owner', CONVOS)))).toEqual(['c1']);
    expect((await assertSucceeds(list('owner', MESSAGES))).docs[0]?.data().text).toBe('hi');
  });

  it('is denied the same lists across every agent (collection group)', async () => {
    await assertFails(acrossAgents('owner', 'conversations'));
    await assertFails(acrossAgents('owner', 'messages'));
  });

  it('lists empty conversations and messages (still denied across agents)', async () => {
    await w.withEmptyCollection(MESSAGES, async () => {
      expect((await assertSucceeds(list('owner', MESSAGES))).size).toBe(0);
      await assertFails(acrossAgents('owner', 'messages'));
    });
    await w.withEmptyCollection(CONVOS, async () => {
      expect((await assertSucceeds(list('owner', CONVOS))).size).toBe(0);
      await assertFails(acrossAgents('owner', 'conversations'));
    });
  });

  it('writes no conversation or message directly', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), `${CONVOS}/c1`), { control: 'human' }));
    await assertFails(setDoc(doc(w.as('owner'), `${MESSAGES}/m2`), { role: 'operator', text: 'x', ts: 2 }));
  });

  it('EU database: reads there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), `${CONVOS}/c1`)))).exists()).toBe(true);
  });
});

describe('member', () => {
  it('reads a conversation', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('member'), `${CONVOS}/c1`)))).exists()).toBe(true);
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), `${CONVOS}/c1`)));
  });
});

describe('client', () => {
  it('with /convos in canAccess, lists the chats of its agent and reads messages', async () => {
    expect((await assertSucceeds(list('client', CONVOS))).size).toBe(1);
    expect((await assertSucceeds(getDoc(doc(w.as('client'), `${MESSAGES}/m1`)))).data()?.text).toBe('hi');
  });

  it('is denied the same list across every agent (collection group)', async () => {
    await assertFails(acrossAgents('client', 'conversations'));
  });

  it('losing /convos takes the chats away at once (canAccess is read from the client record)', async () => {
    await w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home'] } });
    await assertFails(getDoc(doc(w.as('client'), `${CONVOS}/c1`)));
  });

  it('never writes messages', async () => {
    await assertFails(setDoc(doc(w.as('client'), `${MESSAGES}/m9`), { role: 'operator', text: 'x', ts: 9 }));
  });
});

describe('orgAdmin', () => {
  it('without /convos (it has /home only) reads no chats', async () => {
    await assertFails(list('orgAdmin', CONVOS));
    await assertFails(getDoc(doc(w.as('orgAdmin'), `${MESSAGES}/m1`)));
  });
});

describe('otherClient', () => {
  it('reads its own agency’s chats', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('otherClient'), 'voiceglow/agentB1/conversations/c1')))).exists()).toBe(true);
  });

  it('cross-tenant: with /convos, cannot read agency A’s chats', async () => {
    await assertFails(list('otherClient', CONVOS));
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('reads none of the workspace’s chats', async () => {
    await assertFails(list('squatter', CONVOS));
    await assertFails(list('squatter', MESSAGES));
    await assertFails(getDoc(doc(w.as('squatter'), `${CONVOS}/c1`)));
  });
});

describe('stranger', () => {
  it('reads nothing of alice’s agent', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), `${CONVOS}/c1`)));
  });
});

describe('clientNamedAlice', () => {
  it('is client cA, not the owner: reads agentA1’s chats, nothing of alice’s agentA2, and writes nothing', async () => {
    expect((await assertSucceeds(list('clientNamedAlice', CONVOS))).size).toBe(1);
    await assertFails(list('clientNamedAlice', 'voiceglow/agentA2/conversations'));
    await assertFails(updateDoc(doc(w.as('clientNamedAlice'), `${CONVOS}/c1`), { control: 'human' }));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(list('anon', MESSAGES));
  });
});
