// Rules for agency clients clients/{clientId}.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, documentId, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { ALL_PAGES, EU, ids, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

// The org's client list: where orgId == the org.
const byOrg = (role: Role, orgId: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), 'clients'), where('orgId', '==', orgId)));
const everyClient = (role: Role) => getDocs(collection(w.as(role), 'clients'));

describe('owner (owner of the client’s org)', () => {
  it('lists the clients of its org with where orgId == the org', async () => {
    expect(ids(await assertSucceeds(byOrg('owner', 'orgA')))).toEqual(['cA', 'cAdm']);
  });

  it('is denied the same list without the orgId constraint', async () => {
    await assertFails(everyClient('owner'));
  });

  it('lists an empty clients collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('clients', async () => {
      expect((await assertSucceeds(byOrg('owner', 'orgA'))).size).toBe(0);
      await assertFails(everyClient('owner'));
    });
  });

  it('may not add a client directly (createClient counts the plan\'s client seats)', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'clients/cDirect'), { ID: 'cDirect', orgId: 'orgA', email: 'direct@client.test', widgetIDs: ['agentA1'], canAccess: ['/home'] }));
    expect(await w.read('clients/cDirect')).toBeNull();
  });

  it('edits a client\'s access and agents, moves it to another of its orgs', async () => {
    const db = w.as('owner');
    await w.seed({ 'clients/cNew': { ID: 'cNew', orgId: 'orgA', email: 'new@client.test', widgetIDs: ['agentA1'], canAccess: ['/home'] } });
    await assertSucceeds(updateDoc(doc(db, 'clients/cNew'), { canAccess: ['/home', '/convos'], widgetIDs: ['agentA1', 'agentA2'], isOrgAdmin: true }));
    await assertSucceeds(updateDoc(doc(db, 'clients/cNew'), { orgId: 'orgOff' }));
    expect(await w.read('clients/cNew')).toMatchObject({ orgId: 'orgOff', isOrgAdmin: true });
  });

  it('deletes a client', async () => {
    await assertSucceeds(deleteDoc(doc(w.as('owner'), 'clients/cA')));
    expect(await w.read('clients/cA')).toBeNull();
  });

  it('may not change a client\'s e-mail directly (updateClient checks no other client of the agency has it)', async () => {
    for (const database of [NA, EU] as const) {
      await assertFails(updateDoc(doc(w.as('owner', database), 'clients/cA'), { email: 'adm@client.test' }));
      await assertFails(updateDoc(doc(w.as('owner', database), 'clients/cA'), { email: 'fresh@client.test', name: 'Renamed' }));
    }
    expect(await w.read('clients/cA')).toMatchObject({ email: 'ca@client.test' });
  });

  it('never writes a plain dashboard password (a function hashes it into private/credentials)', async () => {
    const db = w.as('owner');
    await assertFails(setDoc(doc(db, 'clients/cPw'), { ID: 'cPw', orgId: 'orgA', email: 'pw@client.test', dashboardPassword: 'abc123abc123abc' }));
    await assertFails(updateDoc(doc(db, 'clients/cA'), { dashboardPassword: 'abc123abc123abc' }));
  });

  it('may not add clients to, or move clients into, another agency’s org', async () => {
    const db = w.as('owner');
    await assertFails(setDoc(doc(db, 'clients/cX'), { ID: 'cX', orgId: 'orgB', email: 'x@client.test' }));
    await assertFails(updateDoc(doc(db, 'clients/cA'), { orgId: 'orgB' }));
  });

  it('EU database: lists its org’s clients there too', async () => {
    expect(ids(await assertSucceeds(byOrg('owner', 'orgA', EU)))).toEqual(['cA', 'cAdm']);
  });
});

describe('client (the client itself)', () => {
  it('reads its record', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client'), 'clients/cA')))).data()?.canAccess).toEqual(['/home', '/convos']);
  });

  it('finds its record by id (where documentId() == its clientId)', async () => {
    expect(ids(await assertSucceeds(getDocs(query(collection(w.as('client'), 'clients'), where(documentId(), '==', 'cA')))))).toEqual(['cA']);
  });

  it('toggles its status and edits notification settings and language', async () => {
    const db = w.as('client');
    await assertSucceeds(updateDoc(doc(db, 'clients/cA'), { status: 'online' }));
    await assertSucceeds(updateDoc(doc(db, 'clients/cA'), { 'notificationsSettings.notifyIf': 'requestsOnly', preferredLanguage: 'de' }));
    expect((await assertSucceeds(getDoc(doc(db, 'clients/cA')))).data()).toMatchObject({ status: 'online', preferredLanguage: 'de' });
  });

  it('may not grant itself pages, agents, admin rights, a password or another org', async () => {
    const me = doc(w.as('client'), 'clients/cA');
    await assertFails(updateDoc(me, { canAccess: ['/home', '/convos', '/settings'] }));
    await assertFails(updateDoc(me, { widgetIDs: ['agentA1', 'agentA2'] }));
    await assertFails(updateDoc(me, { isOrgAdmin: true }));
    await assertFails(updateDoc(me, { dashboardPassword: 'mine' }));
    await assertFails(updateDoc(me, { orgId: 'orgOff' }));
  });

  it('marks its notifications seen up to now, never a time in the future', async () => {
    const me = doc(w.as('client'), 'clients/cA');
    await assertSucceeds(updateDoc(me, { notificationsSeenAt: Math.floor(Date.now() / 1000) }));
    await assertFails(updateDoc(me, { notificationsSeenAt: Math.floor(Date.now() / 1000) + 3600 }));
    await assertFails(updateDoc(me, { notificationsSeenAt: 'now' }));
  });

  it('status is online or offline', async () => {
    await assertFails(updateDoc(doc(w.as('client'), 'clients/cA'), { status: 'admin' }));
  });

  it('reads no other client and cannot list its org', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'clients/cAdm')));
    await assertFails(byOrg('client', 'orgA'));
  });

  it('EU database: reads itself there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client', EU), 'clients/cA')))).exists()).toBe(true);
  });
});

describe('orgAdmin', () => {
  it('lists the clients of its org with where orgId == its org', async () => {
    expect(ids(await assertSucceeds(byOrg('orgAdmin', 'orgA')))).toEqual(['cA', 'cAdm']);
  });

  it('is denied the list without the orgId constraint', async () => {
    await assertFails(everyClient('orgAdmin'));
  });

  it('may not edit other clients nor create clients directly', async () => {
    await assertFails(updateDoc(doc(w.as('orgAdmin'), 'clients/cA'), { canAccess: ['/home', '/settings'] }));
    await assertFails(setDoc(doc(w.as('orgAdmin'), 'clients/cNew2'), { ID: 'cNew2', orgId: 'orgA', email: 'n@client.test' }));
  });
});

describe('a legacy plain-text dashboardPassword', () => {
  const legacy = { ID: 'cOld', orgId: 'orgA', email: 'old@client.test', widgetIDs: ['agentA1'], canAccess: ['/home'], status: 'offline', dashboardPassword: 'plainPassword12' };

  it('is never shown to an org admin: its get of a record that still has one is refused, the same record without it is read', async () => {
    await w.seed({ 'clients/cOld': legacy });
    await assertFails(getDoc(doc(w.as('orgAdmin'), 'clients/cOld')));
    const { dashboardPassword: _removed, ...migrated } = legacy;
    await w.seed({ 'clients/cOld': migrated });
    expect((await assertSucceeds(getDoc(doc(w.as('orgAdmin'), 'clients/cOld')))).data()).not.toHaveProperty('dashboardPassword');
  });

  it('no write leaves one on a record, not even unchanged (the migration removes it first)', async () => {
    await w.seed({ 'clients/cOld': legacy });
    await assertFails(updateDoc(doc(w.as('owner'), 'clients/cOld'), { canAccess: ['/home', '/convos'] }));
    await assertFails(updateDoc(doc(w.as('owner'), 'clients/cA'), { dashboardPassword: 'chosen' }));
    await assertFails(updateDoc(doc(w.as('client'), 'clients/cA'), { dashboardPassword: 'mine' }));
  });
});

describe('member', () => {
  it('clients belong to the org owner: a workspace member neither reads nor lists them', async () => {
    await assertFails(getDoc(doc(w.as('member'), 'clients/cA')));
    await assertFails(byOrg('member', 'orgA'));
  });
});

describe('otherClient', () => {
  it('reads itself', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('otherClient'), 'clients/cB')))).exists()).toBe(true);
  });

  it('cross-tenant: reads no client of org A', async () => {
    await assertFails(byOrg('otherClient', 'orgA'));
    await assertFails(getDoc(doc(w.as('otherClient'), 'clients/cA')));
  });
});

describe('stranger', () => {
  it('cross-tenant: agency B’s owner reads no client of org A, nor finds one by e-mail', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), 'clients/cA')));
    await assertFails(getDocs(query(collection(w.as('stranger'), 'clients'), where('email', '==', 'ca@client.test'))));
  });

  it('may not edit or delete agency A’s clients', async () => {
    await assertFails(updateDoc(doc(w.as('stranger'), 'clients/cA'), { canAccess: ['/settings'] }));
    await assertFails(deleteDoc(doc(w.as('stranger'), 'clients/cA')));
  });

  it('EU database: reads no client of org A there either', async () => {
    await assertFails(getDoc(doc(w.as('stranger', EU), 'clients/cA')));
  });
});

describe('clientNamedAlice', () => {
  it('is client cA (reads that record) but not the org owner: no owner edits, no delete, no list', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('clientNamedAlice'), 'clients/cA')))).exists()).toBe(true);
    await assertFails(updateDoc(doc(w.as('clientNamedAlice'), 'clients/cA'), { canAccess: ['/home', '/settings'] }));
    await assertFails(deleteDoc(doc(w.as('clientNamedAlice'), 'clients/cA')));
    await assertFails(byOrg('clientNamedAlice', 'orgA'));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'clients/cA')));
  });
});

describe('client isolation in both regions', () => {
  it.each([['na'], ['eu']] as const)('%s: a client reads no other org’s client, org, agent, conversation or notification, and changes none of its access', async (region) => {
    const database = region === 'eu' ? EU : NA;
    const db = w.as('client', database);
    await assertFails(getDoc(doc(db, 'clients/cB')));
    await assertFails(getDoc(doc(db, 'orgs/orgB')));
    await assertFails(getDoc(doc(db, 'voiceglow/agentB1')));
    await assertFails(getDoc(doc(db, 'voiceglow/agentB1/conversations/c1')));
    await assertFails(getDoc(doc(db, 'notifications-1/nBob')));
    await assertFails(getDoc(doc(db, 'notifications-2/nBob')));
    const me = doc(db, 'clients/cA');
    for (const patch of [{ canAccess: ALL_PAGES }, { widgetIDs: ['agentA1', 'agentB1'] }, { isOrgAdmin: true }, { orgId: 'orgB' }, { allowCreateAgents: true }, { hideAdvancedSettings: true }, { email: 'x@y.test' }]) {
      await assertFails(updateDoc(me, patch));
    }
    await assertFails(getDoc(doc(db, 'clients/cA/private/credentials')));
    await assertFails(getDoc(doc(db, 'clients/cA/private/loginCode')));
  });

  it.each([['na'], ['eu']] as const)('%s: an org admin edits no other client’s record nor its own access directly (functions decide)', async (region) => {
    const db = w.as('orgAdmin', region === 'eu' ? EU : NA);
    await assertFails(updateDoc(doc(db, 'clients/cA'), { widgetIDs: ['agentA1', 'agentA2'] }));
    await assertFails(updateDoc(doc(db, 'clients/cAdm'), { canAccess: ALL_PAGES }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { defaultClientAccess: ALL_PAGES }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { dashboardLayout: 'horizontal' }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { predefinedTags: ['x'] }));
    await assertSucceeds(updateDoc(doc(db, 'orgs/orgA'), { name: 'Org A by its admin' }));
    await assertFails(getDoc(doc(db, 'clients/cAdm/private/credentials')));
  });
});
