// Rules for leads captured by an agent: voiceglow/{agentId}/leads/{id} (written by functions).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld();
// Client A gets the leads page for this file.
beforeAll(() =>
  w.seed({
    'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/leads'] },
    'voiceglow/agentA2/leads/l9': { email: 'other-agent@x.test', channel: 'widget', createdAt: 5 },
  }),
);

const LEADS = 'voiceglow/agentA1/leads';
const list = (role: Role, database: Database = NA) => getDocs(collection(w.as(role, database), LEADS));
const acrossAgents = (role: Role) => getDocs(collectionGroup(w.as(role), 'leads'));

describe('owner', () => {
  it('lists the agent’s leads (the agent in the path)', async () => {
    expect((await assertSucceeds(list('owner'))).docs[0]?.data().email).toBe('lead@x.test');
  });

  it('is denied the same list across every agent (collection group)', async () => {
    await assertFails(acrossAgents('owner'));
  });

  it('lists an empty leads collection (still denied across agents)', async () => {
    await w.withEmptyCollection(LEADS, async () => {
      expect((await assertSucceeds(list('owner'))).size).toBe(0);
      await assertFails(acrossAgents('owner'));
    });
  });

  it('writes no lead from the client', async () => {
    await assertFails(setDoc(doc(w.as('owner'), `${LEADS}/l2`), { email: 'x@y.test' }));
  });

  it('EU database: lists there too', async () => {
    expect((await assertSucceeds(list('owner', EU))).size).toBe(1);
  });
});

describe('member', () => {
  it('lists the leads', async () => {
    expect((await assertSucceeds(list('member'))).size).toBe(1);
  });

  it('runs the Leads page’s filtered query (channel, date range, newest first)', async () => {
    const filtered = query(collection(w.as('member'), LEADS), where('channel', 'in', ['widget', 'telegram']), where('createdAt', '>=', 0), orderBy('createdAt', 'desc'));
    await assertSucceeds(getDocs(filtered));
  });

  it('changes and deletes no lead directly (the deleteLead callable does)', async () => {
    await assertFails(updateDoc(doc(w.as('member'), `${LEADS}/l1`), { email: 'changed@x.test' }));
    await assertFails(deleteDoc(doc(w.as('member'), `${LEADS}/l1`)));
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), `${LEADS}/l1`)));
  });
});

describe('client', () => {
  it('with /leads, reads its agent’s leads', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client'), `${LEADS}/l1`)))).exists()).toBe(true);
  });

  it('deletes no lead', async () => {
    await assertFails(deleteDoc(doc(w.as('client'), `${LEADS}/l1`)));
  });

  it('reads no lead of an agent of the workspace that is not in its widgetIDs', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'voiceglow/agentA2/leads/l9')));
  });

  it('without /leads (Chats only), reads no lead', async () => {
    await w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/convos'] } });
    try {
      await assertFails(getDoc(doc(w.as('client'), `${LEADS}/l1`)));
    } finally {
      await w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/leads'] } });
    }
  });
});

describe('orgAdmin', () => {
  it('without /leads reads nothing', async () => {
    await assertFails(list('orgAdmin'));
  });
});

describe('otherClient', () => {
  it('cross-tenant: with /leads, reads nothing of agency A’s agent', async () => {
    await assertFails(list('otherClient'));
  });
});

describe('stranger', () => {
  it('reads nothing of alice’s agent', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), `${LEADS}/l1`)));
  });
});

describe('clientNamedAlice', () => {
  it('is not the owner: writes and deletes no lead', async () => {
    await assertFails(setDoc(doc(w.as('clientNamedAlice'), `${LEADS}/l3`), { email: 'x@y.test' }));
    await assertFails(deleteDoc(doc(w.as('clientNamedAlice'), `${LEADS}/l1`)));
  });
});

describe('agencyAdmin', () => {
  it('reads the leads of its agency’s client workspace, and writes none', async () => {
    await assertSucceeds(getDoc(doc(w.as('agencyAdmin'), `${LEADS}/l1`)));
    await assertFails(deleteDoc(doc(w.as('agencyAdmin'), `${LEADS}/l1`)));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(list('anon'));
  });
});
