// Rules for notifications-1/{id} and notifications-2/{id}: workspace users by ownerID; agency clients by agentId
// (an agent they may read) and notifyOnly (empty, or listing them). One document is shared by all its readers:
// the workspace deletes it (mark as read) and sets `seen`; a client only adds its own uid to `seenBy`.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  and, collection, deleteDoc, doc, getDoc, getDocs, limit, or, orderBy, query, setDoc, updateDoc, where,
} from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, NA, orderedIds, useWorld, type Database, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

type Level = 'notifications-1' | 'notifications-2';
const LEVELS: Level[] = ['notifications-1', 'notifications-2'];

// The shell's query for workspace users: latest 5 of the workspace in each collection.
const latest = (role: Role, coll: Level, ownerID: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), coll), where('ownerID', '==', ownerID), orderBy('ts', 'desc'), limit(5)));
const latestOfAnyone = (role: Role, coll: Level) => getDocs(query(collection(w.as(role), coll), orderBy('ts', 'desc'), limit(5)));

// The query agency clients must use: their readable agents (at most 10 ids per query) and notifyOnly empty or
// listing them, latest 5.
const forClient = (role: Role, coll: Level, agentIds: string[], clientId: string) =>
  getDocs(query(
    collection(w.as(role), coll),
    and(where('agentId', 'in', agentIds), or(where('notifyOnly', '==', []), where('notifyOnly', 'array-contains', clientId))),
    orderBy('ts', 'desc'),
    limit(5),
  ));

describe('owner', () => {
  it('reads the latest notifications of both levels with where ownerID == its workspace', async () => {
    expect(orderedIds(await assertSucceeds(latest('owner', 'notifications-1', 'alice')))).toEqual(['nOnlyAdm', 'nAll']);
    expect(orderedIds(await assertSucceeds(latest('owner', 'notifications-2', 'alice')))).toEqual(['nReq']);
  });

  it('is denied the same query without the ownerID constraint', async () => {
    for (const coll of LEVELS) await assertFails(latestOfAnyone('owner', coll));
  });

  it('queries an empty collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('notifications-1', async () => {
      expect((await assertSucceeds(latest('owner', 'notifications-1', 'alice'))).size).toBe(0);
      await assertFails(latestOfAnyone('owner', 'notifications-1'));
    });
  });

  it('marks one seen', async () => {
    await assertSucceeds(updateDoc(doc(w.as('owner'), 'notifications-1/nAll'), { seen: true }));
    expect(await w.read('notifications-1/nAll')).toMatchObject({ seen: true });
  });

  it('may change nothing but seen, and create nothing', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'notifications-1/nAll'), { title: 'edited' }));
    await assertFails(updateDoc(doc(db, 'notifications-1/nAll'), { seen: true, notifyOnly: ['cA'] }));
    await assertFails(setDoc(doc(db, 'notifications-1/nNew'), { ownerID: 'alice', title: 'x', ts: 1, notificationLevel: 1 }));
  });

  it('seen must be a boolean', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), 'notifications-1/nAll'), { seen: 'yes' }));
  });

  it('reads a workspace notification that names no agent or clients', async () => {
    await w.seed({ 'notifications-1/nPlain': { ID: 'nPlain', title: 'Plan renewed', ownerID: 'alice', ts: 20, seen: false, notificationLevel: 1 } });
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'notifications-1/nPlain')))).exists()).toBe(true);
  });

  it('EU database: reads the latest there too', async () => {
    expect((await assertSucceeds(latest('owner', 'notifications-1', 'alice', EU))).size).toBe(2);
  });
});

describe('member', () => {
  it('reads the latest of the workspace', async () => {
    expect((await assertSucceeds(latest('member', 'notifications-1', 'alice'))).size).toBe(2);
  });

  it('marks one seen and deletes one (mark as read)', async () => {
    const db = w.as('member');
    await assertSucceeds(updateDoc(doc(db, 'notifications-1/nAll'), { seen: true }));
    await assertSucceeds(deleteDoc(doc(db, 'notifications-2/nReq')));
    expect(await w.read('notifications-2/nReq')).toBeNull();
  });

  it('adds its own uid to seenBy', async () => {
    await assertSucceeds(updateDoc(doc(w.as('member'), 'notifications-1/nAll'), { seenBy: ['mia'] }));
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(latest('member', 'notifications-1', 'alice', EU));
  });
});

describe('client', () => {
  it('reads a notification of its agent addressed to every client', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client'), 'notifications-1/nAll')))).exists()).toBe(true);
  });

  it('queries both levels by agentId in its agents and notifyOnly empty or listing it', async () => {
    expect(orderedIds(await assertSucceeds(forClient('client', 'notifications-1', ['agentA1', 'agentT1'], 'cA')))).toEqual(['nAll']);
    expect(orderedIds(await assertSucceeds(forClient('client', 'notifications-2', ['agentA1', 'agentT1'], 'cA')))).toEqual(['nReq']);
  });

  it('is denied the query without the notifyOnly constraint (notifyOnly limits who reads)', async () => {
    for (const coll of LEVELS) {
      await assertFails(getDocs(query(collection(w.as('client'), coll), where('agentId', '==', 'agentA1'))));
      await assertFails(getDocs(query(collection(w.as('client'), coll), where('agentId', 'in', ['agentA1', 'agentT1']), orderBy('ts', 'desc'), limit(5))));
    }
  });

  it('is denied the query without the agentId constraint, or with the workspace query', async () => {
    const onlyNotifyOnly = query(
      collection(w.as('client'), 'notifications-1'),
      or(where('notifyOnly', '==', []), where('notifyOnly', 'array-contains', 'cA')),
    );
    await assertFails(getDocs(onlyNotifyOnly));
    await assertFails(latest('client', 'notifications-1', 'alice'));
  });

  it('is denied the whole query when one agent id is not an agent it may read', async () => {
    await assertFails(forClient('client', 'notifications-1', ['agentA1', 'agentA2'], 'cA'));
    await assertFails(forClient('client', 'notifications-1', ['agentA1', 'deletedAgent'], 'cA'));
  });

  it('queries an empty collection with the constraints (still denied without them)', async () => {
    await w.withEmptyCollection('notifications-2', async () => {
      expect((await assertSucceeds(forClient('client', 'notifications-2', ['agentA1', 'agentT1'], 'cA'))).size).toBe(0);
      await assertFails(getDocs(query(collection(w.as('client'), 'notifications-2'), where('agentId', '==', 'agentA1'))));
    });
  });

  it('queries ten agents of two workspaces in one query', async () => {
    const extra = ['agentA3', 'agentA4', 'agentA5', 'agentA6', 'agentA7', 'agentT2', 'agentT3', 'agentT4'];
    const agents = Object.fromEntries(extra.map((id) => [`voiceglow/${id}`, { ID: id, ownerID: id.startsWith('agentT') ? 'team1' : 'alice' }]));
    const widgetIDs = ['agentA1', 'agentT1', ...extra];
    await w.seed({
      ...agents,
      'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs, canAccess: ['/home'] },
      'notifications-1/nT4': { ID: 'nT4', title: 'Team lead', ownerID: 'team1', agentId: 'agentT4', ts: 30, seen: false, notificationLevel: 1, notifyOnly: ['cA'] },
    });
    expect(orderedIds(await assertSucceeds(forClient('client', 'notifications-1', widgetIDs, 'cA')))).toEqual(['nT4', 'nAll']);
  });

  it('does not read a notification addressed to other clients', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'notifications-1/nOnlyAdm')));
  });

  it('does not read a workspace notification that names no agent, nor one without notifyOnly', async () => {
    await w.seed({
      'notifications-1/nPlain': { ID: 'nPlain', title: 'Plan renewed', ownerID: 'alice', ts: 20, seen: false, notificationLevel: 1 },
      'notifications-1/nNoList': { ID: 'nNoList', title: 'Legacy', ownerID: 'alice', agentId: 'agentA1', ts: 21, seen: false, notificationLevel: 1 },
    });
    await assertFails(getDoc(doc(w.as('client'), 'notifications-1/nPlain')));
    await assertFails(getDoc(doc(w.as('client'), 'notifications-1/nNoList')));
  });

  it('marks its own copy seen: adds its uid to seenBy, nothing else', async () => {
    const db = w.as('client');
    await assertSucceeds(updateDoc(doc(db, 'notifications-1/nAll'), { seenBy: ['client-cA'] }));
    expect(await w.read('notifications-1/nAll')).toMatchObject({ seen: false, seenBy: ['client-cA'] });
    await assertFails(updateDoc(doc(db, 'notifications-1/nAll'), { notifyOnly: ['cA'] }));
  });

  it('may not delete a shared notification, nor mark it seen for everyone else', async () => {
    const db = w.as('client');
    await assertFails(deleteDoc(doc(db, 'notifications-2/nReq')));
    await assertFails(deleteDoc(doc(db, 'notifications-1/nAll')));
    await assertFails(updateDoc(doc(db, 'notifications-1/nAll'), { seen: true }));
    expect(await w.read('notifications-2/nReq')).toMatchObject({ title: 'Handoff' });
  });

  it('may not add another reader to seenBy, nor remove one', async () => {
    await w.seed({ 'notifications-1/nSeen': { ID: 'nSeen', ownerID: 'alice', agentId: 'agentA1', ts: 15, seen: false, notificationLevel: 1, notifyOnly: [], seenBy: ['mia'] } });
    const db = w.as('client');
    await assertFails(updateDoc(doc(db, 'notifications-1/nSeen'), { seenBy: ['mia', 'client-cAdm'] }));
    await assertFails(updateDoc(doc(db, 'notifications-1/nSeen'), { seenBy: ['client-cA'] }));
    await assertFails(updateDoc(doc(db, 'notifications-1/nSeen'), { seenBy: ['mia', 'client-cA', 'client-cAdm'] }));
    await assertSucceeds(updateDoc(doc(db, 'notifications-1/nSeen'), { seenBy: ['mia', 'client-cA'] }));
    await assertFails(updateDoc(doc(db, 'notifications-1/nSeen'), { seenBy: ['mia', 'client-cA', 'client-cA'] }));
  });

  it('loses them when its org disables client access', async () => {
    await w.seed({ 'orgs/orgA': { ID: 'orgA', name: 'Org A', ownerID: 'alice', settings: { disableClientAccess: true } } });
    await assertFails(getDoc(doc(w.as('client'), 'notifications-1/nAll')));
    await assertFails(forClient('client', 'notifications-1', ['agentA1'], 'cA'));
  });
});

describe('orgAdmin', () => {
  it('notifyOnly lists it: reads that notification and gets it from its query', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('orgAdmin'), 'notifications-1/nOnlyAdm')))).exists()).toBe(true);
    expect(orderedIds(await assertSucceeds(forClient('orgAdmin', 'notifications-1', ['agentA1'], 'cAdm')))).toEqual(['nOnlyAdm', 'nAll']);
  });

  it('may not use another client’s id in the query', async () => {
    await assertFails(forClient('orgAdmin', 'notifications-1', ['agentA1'], 'cA'));
  });

  it('is denied the query for an agent outside its widgetIDs (agentT1)', async () => {
    await assertFails(forClient('orgAdmin', 'notifications-1', ['agentT1'], 'cAdm'));
  });
});

describe('otherClient', () => {
  it('reads and queries its own agency’s notifications', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('otherClient'), 'notifications-1/nBob')))).exists()).toBe(true);
    expect(orderedIds(await assertSucceeds(forClient('otherClient', 'notifications-1', ['agentB1'], 'cB')))).toEqual(['nBob']);
  });

  it('cross-tenant: agentA1 forged into its widgetIDs exposes no notification of alice’s', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'notifications-1/nAll')));
    await assertFails(forClient('otherClient', 'notifications-1', ['agentA1'], 'cB'));
    await assertFails(deleteDoc(doc(w.as('otherClient'), 'notifications-2/nReq')));
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('reads, marks and deletes none of the workspace’s notifications', async () => {
    await assertFails(latest('squatter', 'notifications-1', 'alice'));
    await assertFails(updateDoc(doc(w.as('squatter'), 'notifications-1/nAll'), { seenBy: ['sam'] }));
    await assertFails(deleteDoc(doc(w.as('squatter'), 'notifications-1/nAll')));
  });
});

describe('stranger', () => {
  it('reads only its own notifications', async () => {
    expect((await assertSucceeds(latest('stranger', 'notifications-2', 'bob'))).size).toBe(1);
    await assertFails(latest('stranger', 'notifications-1', 'alice'));
    await assertFails(getDocs(collection(w.as('stranger'), 'notifications-1')));
  });

  it('may not mark or delete alice’s notifications', async () => {
    await assertFails(updateDoc(doc(w.as('stranger'), 'notifications-1/nAll'), { seen: true }));
    await assertFails(deleteDoc(doc(w.as('stranger'), 'notifications-1/nAll')));
  });
});

describe('clientNamedAlice', () => {
  it('is client cA, not the workspace owner: no workspace query, no notification addressed to others', async () => {
    await assertFails(latest('clientNamedAlice', 'notifications-1', 'alice'));
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), 'notifications-1/nOnlyAdm')));
    expect((await assertSucceeds(getDoc(doc(w.as('clientNamedAlice'), 'notifications-1/nAll')))).exists()).toBe(true);
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'notifications-1/nAll')));
    await assertFails(latest('anon', 'notifications-1', 'alice'));
  });
});
