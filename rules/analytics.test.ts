// Rules for widget analytics events voiceglow/{agentId}/analytics/{id} (written by POST /agents/{id}/analytics).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { addDoc, collection, collectionGroup, doc, getDoc, getDocs } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, ids, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld();
// Client A gets the analytics page for this file.
beforeAll(() => w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/analytics'] } }));

const EVENTS = 'voiceglow/agentA1/analytics';
const list = (role: Role, database: Database = NA) => getDocs(collection(w.as(role, database), EVENTS));
const acrossAgents = (role: Role) => getDocs(collectionGroup(w.as(role), 'analytics'));

describe('owner', () => {
  it('lists the agent’s events (the agent in the path)', async () => {
    expect(ids(await assertSucceeds(list('owner')))).toEqual(['e1']);
  });

  it('is denied the same list across every agent (collection group)', async () => {
    await assertFails(acrossAgents('owner'));
  });

  it('lists an empty event log (still denied across agents)', async () => {
    await w.withEmptyCollection(EVENTS, async () => {
      expect((await assertSucceeds(list('owner'))).size).toBe(0);
      await assertFails(acrossAgents('owner'));
    });
  });

  it('adds no event directly', async () => {
    await assertFails(addDoc(collection(w.as('owner'), EVENTS), { record: 'fake' }));
  });

  it('EU database: lists there too', async () => {
    expect((await assertSucceeds(list('owner', EU))).size).toBe(1);
  });
});

describe('member', () => {
  it('lists the events', async () => {
    expect((await assertSucceeds(list('member'))).size).toBe(1);
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(list('member', EU));
  });
});

describe('client', () => {
  it('with /analytics, reads and lists its agent’s events', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client'), `${EVENTS}/e1`)))).data()?.record).toBe('open');
    expect((await assertSucceeds(list('client'))).size).toBe(1);
  });

  it('is denied the list across every agent, and adds nothing', async () => {
    await assertFails(acrossAgents('client'));
    await assertFails(addDoc(collection(w.as('client'), EVENTS), { record: 'fake' }));
  });
});

describe('orgAdmin', () => {
  it('without /analytics reads nothing', async () => {
    await assertFails(list('orgAdmin'));
  });
});

describe('otherClient', () => {
  it('cross-tenant: with /analytics, reads nothing of agency A’s agent', async () => {
    await assertFails(list('otherClient'));
  });
});

describe('stranger', () => {
  it('reads nothing of alice’s agent', async () => {
    await assertFails(list('stranger'));
  });
});

describe('clientNamedAlice', () => {
  it('is not the owner: writes no event', async () => {
    await assertFails(addDoc(collection(w.as('clientNamedAlice'), EVENTS), { record: 'fake' }));
  });
});

describe('anon', () => {
  it('a widget visitor neither reads nor adds events directly', async () => {
    await assertFails(list('anon'));
    await assertFails(addDoc(collection(w.as('anon'), EVENTS), { record: 'fake' }));
  });
});
