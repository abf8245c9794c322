// Rules for the owner's test chats voiceglow/{agentId}/testConversations/{id} and their messages (…/messages/{id}):
// the dashboard's debugger. Members of the agent's workspace read them; clients and the agency admin never (they are
// not the agent's chats); nobody writes them from a client (the runtime does).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, NA, ids, useWorld, type Role } from './world.ts';

const w = useWorld();

const TESTS = 'voiceglow/agentA1/testConversations';
const MESSAGES = `${TESTS}/t1/messages`;
const testChats = {
  [`${TESTS}/t1`]: { ID: 't1', agentId: 'agentA1', ownerID: 'alice', channel: 'test', lastMessageAt: 1 },
  [`${MESSAGES}/m1`]: { ID: 'm1', role: 'user', text: 'trying the draft', ts: 1 },
  'voiceglow/agentB1/testConversations/t1': { ID: 't1', agentId: 'agentB1', ownerID: 'bob', channel: 'test', lastMessageAt: 1 },
};

beforeAll(async () => {
  await w.seed(testChats, NA);
  await w.seed(testChats, EU);
});

const list = (role: Role, path: string) => getDocs(collection(w.as(role), path));

describe('owner', () => {
  it('lists the agent’s test chats and reads their messages', async () => {
    expect(ids(await assertSucceeds(list('owner', TESTS)))).toEqual(['t1']);
    expect((await assertSucceeds(list('owner', MESSAGES))).docs[0]?.data().text).toBe('trying the draft');
  });

  it('is denied the same list across every agent (collection group)', async () => {
    await assertFails(getDocs(collectionGroup(w.as('owner'), 'testConversations')));
  });

  it('lists an empty collection (still denied across agents)', async () => {
    await w.withEmptyCollection(TESTS, async () => {
      expect((await assertSucceeds(list('owner', TESTS))).size).toBe(0);
    });
  });

  it('writes and deletes no test chat or message directly', async () => {
    await assertFails(setDoc(doc(w.as('owner'), `${TESTS}/t2`), { ID: 't2', channel: 'test' }));
    await assertFails(updateDoc(doc(w.as('owner'), `${TESTS}/t1`), { lastMessage: 'x' }));
    await assertFails(setDoc(doc(w.as('owner'), `${MESSAGES}/m2`), { role: 'user', text: 'x', ts: 2 }));
    await assertFails(deleteDoc(doc(w.as('owner'), `${TESTS}/t1`)));
  });

  it('EU database: reads there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), `${TESTS}/t1`)))).exists()).toBe(true);
  });
});

describe('member', () => {
  it('reads a test chat and its messages', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('member'), `${TESTS}/t1`)))).exists()).toBe(true);
    expect((await assertSucceeds(list('member', MESSAGES))).size).toBe(1);
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), `${TESTS}/t1`)));
  });
});

// Clients (even with /convos on the agent, even every page), the agency admin, a squatter on an invited address, a
// client token named like the owner and a visitor: none reads a test chat.
describe.each(['client', 'orgAdmin', 'otherClient', 'agencyAdmin', 'squatter', 'clientNamedAlice', 'anon'] as const)('%s', (role) => {
  it('reads no test chat or message of agentA1', async () => {
    await assertFails(list(role, TESTS));
    await assertFails(getDoc(doc(w.as(role), `${TESTS}/t1`)));
    await assertFails(getDoc(doc(w.as(role), `${MESSAGES}/m1`)));
  });
});

describe('otherClient', () => {
  it('reads none of its own agency’s agent either (every page)', async () => {
    await assertFails(list('otherClient', 'voiceglow/agentB1/testConversations'));
  });
});

describe('stranger', () => {
  it('reads its own test chats but not alice’s', async () => {
    expect((await assertSucceeds(list('stranger', 'voiceglow/agentB1/testConversations'))).size).toBe(1);
    await assertFails(list('stranger', TESTS));
  });
});
