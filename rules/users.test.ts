// Rules for workspace records users/{uid} (the workspace lives on the user record).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, ids, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

// The workspace switcher's query: workspaces whose workspaceEmails contain my (lower-cased) e-mail.
const memberQuery = (role: Role, email: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), 'users'), where('workspaceEmails', 'array-contains', email)));
const everyWorkspace = (role: Role) => getDocs(collection(w.as(role), 'users'));

describe('owner', () => {
  it('reads its record', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'users/alice')))).data()?.workspaceName).toBe('Personal abcde');
  });

  it('finds its workspaces (personal and team) with where workspaceEmails array-contains its e-mail', async () => {
    expect(ids(await assertSucceeds(memberQuery('owner', 'alice@a.test')))).toEqual(['alice', 'team1']);
  });

  it('is denied the same query without the workspaceEmails constraint', async () => {
    await assertFails(everyWorkspace('owner'));
  });

  it('queries an empty users collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('users', async () => {
      expect((await assertSucceeds(memberQuery('owner', 'alice@a.test'))).size).toBe(0);
      await assertFails(everyWorkspace('owner'));
    });
  });

  it('edits profile and workspace fields', async () => {
    const db = w.as('owner');
    await assertSucceeds(updateDoc(doc(db, 'users/alice'), { displayName: 'Alice B', workspaceName: 'Renamed', showOnboarding: false }));
    expect((await assertSucceeds(getDoc(doc(db, 'users/alice')))).data()).toMatchObject({ workspaceName: 'Renamed' });
  });

  it('sets no events endpoint directly: saveEventsSettings checks the address first', async () => {
    const db = w.as('owner');
    await assertFails(setDoc(doc(db, 'users/alice'), { eventsEndpoint: 'http://169.254.169.254/', subscribedEvents: ['new-agent'] }, { merge: true }));
    await assertFails(updateDoc(doc(db, 'users/alice'), { eventsEnabled: true }));
  });

  it('adds members up to the seat limit (workspaceSeats 1 + 2 free seats)', async () => {
    const db = w.as('owner');
    await assertSucceeds(updateDoc(doc(db, 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'ned@a.test'] }));
    await assertFails(updateDoc(doc(db, 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'ned@a.test', 'ola@a.test'] }));
  });

  it("counts the subscription's seats (free seats + seat add-ons) with the custom plan's on top", async () => {
    // alice: customPlan workspaceSeats 1; a subscription with 2 seat add-ons has 4 seats: 1 + 4 = 5 members.
    await w.seed({ 'users/alice': { ...(await w.read('users/alice')), v2StripeConfig: { status: 'active', limits: { workspaceSeats: 4 } } } });
    const db = w.as('owner');
    const five = ['alice@a.test', 'mia@a.test', 'ned@a.test', 'ola@a.test', 'pia@a.test'];
    await assertSucceeds(updateDoc(doc(db, 'users/alice'), { workspaceEmails: five }));
    await assertFails(updateDoc(doc(db, 'users/alice'), { workspaceEmails: [...five, 'quin@a.test'] }));
  });

  it('may not touch server-owned fields: credits, payment flags, plan, region, secrets', async () => {
    const user = doc(w.as('owner'), 'users/alice');
    await assertFails(updateDoc(user, { loadTokens: 1e9 }));
    await assertFails(updateDoc(user, { hasEverPaid: true }));
    await assertFails(updateDoc(user, { 'internal.customPlan.limits.workspaceSeats': 99 }));
    await assertFails(updateDoc(user, { region: 'eu' }));
    await assertFails(updateDoc(user, { workspaceSecret: 'vg_mine' }));
    await assertFails(updateDoc(user, { stripeSubscriptionId: 'sub_1' }));
    await assertFails(updateDoc(user, { v2StripeConfig: { status: 'active' } }));
    await assertFails(updateDoc(user, { 'stripeConnect.isConnected': false }));
    await assertFails(updateDoc(user, { 'stripeConnect.USDPerToken': 0 }));
    await assertFails(updateDoc(user, { usersPerms: [{ userId: 'bob', permissions: ['all'] }] }));
  });

  it('may not create a record (the createWorkspace callable does) nor delete its own', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'users/aliceNew'), { uid: 'aliceNew', loadTokens: 1e9 }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'users/alice')));
  });

  it('a workspace name may not be blank', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), 'users/alice'), { workspaceName: '  ' }));
  });

  it('removes a member (only the owner may)', async () => {
    await assertSucceeds(updateDoc(doc(w.as('owner'), 'users/alice'), { workspaceEmails: ['alice@a.test'] }));
    expect((await w.read('users/alice'))?.workspaceEmails).toEqual(['alice@a.test']);
  });

  it('writes only lower-case e-mail strings into workspaceEmails', async () => {
    const user = doc(w.as('owner'), 'users/alice');
    await assertFails(updateDoc(user, { workspaceEmails: ['alice@a.test', 42] }));
    await assertFails(updateDoc(user, { workspaceEmails: ['alice@a.test', { email: 'x@a.test' }] }));
    await assertFails(updateDoc(user, { workspaceEmails: ['alice@a.test', 'Ned@A.test'] }));
    await assertFails(updateDoc(user, { workspaceEmails: ['alice@a.test', 'not-an-email'] }));
    // Two addresses in one element would count as one seat.
    await assertFails(updateDoc(user, { workspaceEmails: ['alice@a.test', 'ned@a.test ola@a.test'] }));
    await assertFails(updateDoc(user, { workspaceEmails: 'alice@a.test' }));
    await assertSucceeds(updateDoc(user, { workspaceEmails: ['alice@a.test', "o'hara+team@mail.a.test"] }));
  });

  it('keeps workspaceEmails to at most 200 addresses, whatever the seats', async () => {
    await w.seed({ 'users/alice': { uid: 'alice', workspaceEmails: ['alice@a.test'], internal: { customPlan: { limits: { workspaceSeats: 1000 } } } } });
    const list = (n: number) => Array.from({ length: n }, (_, i) => `m${i}@a.test`);
    await assertFails(updateDoc(doc(w.as('owner'), 'users/alice'), { workspaceEmails: list(201) }));
    await assertSucceeds(updateDoc(doc(w.as('owner'), 'users/alice'), { workspaceEmails: list(200) }));
  });

  it('EU database: reads its EU record', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), 'users/alice')))).data()?.region).toBe('eu');
  });
});

describe('member', () => {
  it('reads the workspace and finds it by its lower-cased e-mail', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('member'), 'users/alice')))).exists()).toBe(true);
    expect(ids(await assertSucceeds(memberQuery('member', 'mia@a.test')))).toEqual(['alice']);
  });

  it('is denied the query with its e-mail as typed (Mia@A.test): the rule compares the lower-cased token e-mail', async () => {
    await assertFails(memberQuery('member', 'Mia@A.test'));
    await assertFails(everyWorkspace('member'));
  });

  it('edits workspaceName, workspacePhotoURL and workspaceEmails', async () => {
    const db = w.as('member');
    await assertSucceeds(updateDoc(doc(db, 'users/alice'), { workspaceName: 'Team Mia', workspacePhotoURL: 'https://x.test/p.png' }));
    await assertSucceeds(updateDoc(doc(db, 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'pat@a.test'] }));
    expect((await assertSucceeds(getDoc(doc(db, 'users/alice')))).data()).toMatchObject({
      workspaceName: 'Team Mia', workspaceEmails: ['alice@a.test', 'mia@a.test', 'pat@a.test'],
    });
  });

  it('may not remove anyone or swap an address for another (only the owner removes members)', async () => {
    const user = doc(w.as('member'), 'users/alice');
    await assertFails(updateDoc(user, { workspaceEmails: ['mia@a.test'] }));
    await assertFails(updateDoc(user, { workspaceEmails: ['mia@a.test', 'eve@evil.test'] }));
    await assertFails(updateDoc(user, { workspaceEmails: [] }));
    await assertFails(updateDoc(user, { workspaceEmails: ['alice@a.test', 'mia@a.test', 7] }));
    expect((await w.read('users/alice'))?.workspaceEmails).toEqual(['alice@a.test', 'mia@a.test']);
  });

  it('may not edit the owner’s profile, events endpoint or secret', async () => {
    const user = doc(w.as('member'), 'users/alice');
    await assertFails(updateDoc(user, { displayName: 'Hacked' }));
    await assertFails(updateDoc(user, { photoURL: 'https://evil.test/p.png' }));
    await assertFails(updateDoc(user, { location: 'Nowhere' }));
    await assertFails(updateDoc(user, { eventsEndpoint: 'https://evil.test' }));
    await assertFails(updateDoc(user, { workspaceSecret: 'vg_member' }));
  });

  it('EU database: the NA-only member neither reads nor finds alice’s EU workspace', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), 'users/alice')));
    await assertFails(memberQuery('member', 'alice@a.test', EU));
    expect((await assertSucceeds(memberQuery('member', 'mia@a.test', EU))).size).toBe(0);
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('neither reads the workspace nor finds it by the invited address', async () => {
    await assertFails(getDoc(doc(w.as('squatter'), 'users/alice')));
    await assertFails(memberQuery('squatter', 'mia@a.test'));
  });

  it('edits nothing on it', async () => {
    await assertFails(updateDoc(doc(w.as('squatter'), 'users/alice'), { workspaceName: 'Mine now' }));
    await assertFails(updateDoc(doc(w.as('squatter'), 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'sam@evil.test'] }));
  });

  it('once verified (Mia proving the address is hers), the same token is a member', async () => {
    const verified = w.signedIn('mia', { email: 'mia@a.test', email_verified: true });
    await assertSucceeds(getDoc(doc(verified, 'users/alice')));
  });
});

describe('stranger', () => {
  it('reads its own record, in both databases', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('stranger'), 'users/bob')))).exists()).toBe(true);
    expect((await assertSucceeds(getDoc(doc(w.as('stranger', EU), 'users/bob')))).exists()).toBe(true);
  });

  it('may not read alice’s workspace or query for its members', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), 'users/alice')));
    await assertFails(memberQuery('stranger', 'alice@a.test'));
    await assertFails(everyWorkspace('stranger'));
  });

  it('may not add itself as a member', async () => {
    await assertFails(updateDoc(doc(w.as('stranger'), 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'bob@b.test'] }));
  });

  it('may not overwrite its own record wholesale', async () => {
    await assertFails(setDoc(doc(w.as('stranger'), 'users/bob'), { uid: 'bob', workspaceName: 'x' }));
  });
});

describe('a new user without a record in this region (onboarding)', () => {
  it('learns that its record does not exist yet, and reads no one else’s', async () => {
    await w.seed({ 'users/carl': { uid: 'carl' } });
    const carl = w.signedIn('carl', { email: 'carl@c.test' }, EU);
    expect((await assertSucceeds(getDoc(doc(carl, 'users/carl')))).exists()).toBe(false);
    await assertFails(getDoc(doc(carl, 'users/alice')));
  });
});

describe('client', () => {
  it('reads no workspace and finds none', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'users/alice')));
    await assertFails(memberQuery('client', 'alice@a.test'));
  });
});

describe('orgAdmin', () => {
  it('reads and edits no workspace', async () => {
    await assertFails(getDoc(doc(w.as('orgAdmin'), 'users/alice')));
    await assertFails(updateDoc(doc(w.as('orgAdmin'), 'users/alice'), { workspaceName: 'admin' }));
  });
});

describe('otherClient', () => {
  it('reads no workspace, not even its agency owner’s', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'users/bob')));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid and e-mail, still reads, finds and edits nothing', async () => {
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), 'users/alice')));
    await assertFails(memberQuery('clientNamedAlice', 'alice@a.test'));
    await assertFails(updateDoc(doc(w.as('clientNamedAlice'), 'users/alice'), { workspaceName: 'client' }));
  });
});

describe('anon', () => {
  it('reads and finds nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'users/alice')));
    await assertFails(memberQuery('anon', 'alice@a.test'));
  });
});
