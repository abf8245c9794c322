// Rules for usage counters voiceglow/{agentId}/stats/{id} (written by the metering function).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, ids, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld();
// Client A gets the analytics page for this file.
beforeAll(() => w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/analytics'] } }));

const STATS = 'voiceglow/agentA1/stats';
const USAGE = `${STATS}/usage`;
const read = (role: Role, database: Database = NA) => getDoc(doc(w.as(role, database), USAGE));
const list = (role: Role) => getDocs(collection(w.as(role), STATS));
const acrossAgents = (role: Role) => getDocs(collectionGroup(w.as(role), 'stats'));

describe('owner', () => {
  it('reads the usage counters', async () => {
    expect((await assertSucceeds(read('owner'))).data()?.messages).toBe(3);
  });

  it('lists the agent’s counters; denied across every agent (collection group)', async () => {
    expect(ids(await assertSucceeds(list('owner')))).toEqual(['usage']);
    await assertFails(acrossAgents('owner'));
  });

  it('lists an empty stats collection (still denied across agents)', async () => {
    await w.withEmptyCollection(STATS, async () => {
      expect((await assertSucceeds(list('owner'))).size).toBe(0);
      await assertFails(acrossAgents('owner'));
    });
  });

  it('resets no counter from the client', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), USAGE), { messages: 0 }));
  });

  it('EU database: reads there too', async () => {
    expect((await assertSucceeds(read('owner', EU))).exists()).toBe(true);
  });
});

describe('member', () => {
  it('reads the usage counters', async () => {
    expect((await assertSucceeds(read('member'))).exists()).toBe(true);
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(read('member', EU));
  });
});

describe('client', () => {
  it('with /analytics, reads its agent’s counters', async () => {
    expect((await assertSucceeds(read('client'))).exists()).toBe(true);
  });

  it('forges no counter', async () => {
    await assertFails(setDoc(doc(w.as('client'), USAGE), { messages: 0 }));
  });
});

describe('orgAdmin', () => {
  it('without /analytics reads nothing', async () => {
    await assertFails(read('orgAdmin'));
  });
});

describe('otherClient', () => {
  it('cross-tenant: reads nothing of agency A’s agent', async () => {
    await assertFails(read('otherClient'));
  });
});

describe('stranger', () => {
  it('reads nothing of alice’s agent', async () => {
    await assertFails(read('stranger'));
  });
});

describe('clientNamedAlice', () => {
  it('is not the owner: resets no counter', async () => {
    await assertFails(updateDoc(doc(w.as('clientNamedAlice'), USAGE), { messages: 0 }));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(read('anon'));
  });
});
