// Rules for workspace records users/{uid} (the workspace lives on the user record).
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld, type World } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const ids = (snap: { docs: { id: string }[] }) => snap.docs.map((d) => d.id).sort();
const memberQuery = (db: ReturnType<World['as']>, email: string) =>
  getDocs(query(collection(db, 'users'), where('workspaceEmails', 'array-contains', email)));

describe('workspace owner', () => {
  it('reads its record and finds its workspaces by e-mail (personal and team)', async () => {
    const db = w.as('owner');
    expect((await getDoc(doc(db, 'users/alice'))).data()?.workspaceName).toBe('Personal abcde');
    expect(ids(await memberQuery(db, 'alice@a.test'))).toEqual(['alice', 'team1']);
  });

  it('looks its record up in a region where it does not exist yet (onboarding)', async () => {
    expect((await getDoc(doc(w.as('stranger', EU), 'users/bob'))).exists()).toBe(true);
    await w.seed({ 'users/carl': { uid: 'carl' } });
    const carl = w.harness.liteDb({ uid: 'carl', claims: { email: 'carl@c.test' }, database: EU });
    expect((await getDoc(doc(carl, 'users/carl'))).exists()).toBe(false);
    await expectDenied(getDoc(doc(carl, 'users/alice')));
  });

  it('edits profile and workspace fields', async () => {
    const db = w.as('owner');
    await updateDoc(doc(db, 'users/alice'), { displayName: 'Alice B', workspaceName: 'Renamed', showOnboarding: false });
    await setDoc(doc(db, 'users/alice'), { eventsEndpoint: 'https://hooks.a.test/parley', subscribedEvents: ['new-lead'] }, { merge: true });
    expect((await getDoc(doc(db, 'users/alice'))).data()).toMatchObject({ workspaceName: 'Renamed', eventsEndpoint: 'https://hooks.a.test/parley' });
  });

  it('adds members up to the seat limit (workspaceSeats 1 + 2 free seats)', async () => {
    const db = w.as('owner');
    await updateDoc(doc(db, 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'ned@a.test'] });
    await expectDenied(updateDoc(doc(db, 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'ned@a.test', 'ola@a.test'] }));
  });

  it('may not touch server-owned fields: credits, payment flags, plan, region, secrets', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'users/alice'), { loadTokens: 1e9 }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { hasEverPaid: true }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { 'internal.customPlan.limits.workspaceSeats': 99 }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { region: 'eu' }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { workspaceSecret: 'vg_mine' }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { stripeSubscriptionId: 'sub_1' }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { v2StripeConfig: { status: 'active' } }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { 'stripeConnect.isConnected': false }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { 'stripeConnect.USDPerToken': 0 }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { usersPerms: [{ userId: 'bob', permissions: ['all'] }] }));
  });

  it('may not create its record (the createWorkspace callable does) nor delete it', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'users/aliceNew'), { uid: 'aliceNew', loadTokens: 1e9 }));
    await expectDenied(setDoc(doc(w.as('stranger'), 'users/bob'), { uid: 'bob', workspaceName: 'x' }));
    await expectDenied(deleteDoc(doc(w.as('owner'), 'users/alice')));
  });

  it('a workspace name may not be blank', async () => {
    await expectDenied(updateDoc(doc(w.as('owner'), 'users/alice'), { workspaceName: '  ' }));
  });
});

describe('workspace member', () => {
  it('reads the workspace and finds it by its (lower-cased) e-mail', async () => {
    const db = w.as('member');
    expect((await getDoc(doc(db, 'users/alice'))).exists()).toBe(true);
    expect(ids(await memberQuery(db, 'mia@a.test'))).toEqual(['alice']);
  });

  it('edits workspaceName, workspacePhotoURL and workspaceEmails', async () => {
    const db = w.as('member');
    await updateDoc(doc(db, 'users/alice'), { workspaceName: 'Team Mia', workspacePhotoURL: 'https://x.test/p.png' });
    await updateDoc(doc(db, 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'pat@a.test'] });
    expect((await getDoc(doc(db, 'users/alice'))).data()).toMatchObject({ workspaceName: 'Team Mia', workspaceEmails: ['alice@a.test', 'mia@a.test', 'pat@a.test'] });
  });

  it('may not edit the owner’s profile, events endpoint or secret', async () => {
    const db = w.as('member');
    await expectDenied(updateDoc(doc(db, 'users/alice'), { displayName: 'Hacked' }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { eventsEndpoint: 'https://evil.test' }));
    await expectDenied(updateDoc(doc(db, 'users/alice'), { workspaceSecret: 'vg_member' }));
  });
});

describe('others', () => {
  it('another tenant may not read alice’s workspace or query for its members', async () => {
    const db = w.as('stranger');
    expect((await getDoc(doc(db, 'users/bob'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(db, 'users/alice')));
    await expectDenied(memberQuery(db, 'alice@a.test'));
    await expectDenied(getDocs(collection(db, 'users')));
  });

  it('another tenant may not add itself as a member', async () => {
    await expectDenied(updateDoc(doc(w.as('stranger'), 'users/alice'), { workspaceEmails: ['alice@a.test', 'mia@a.test', 'bob@b.test'] }));
  });

  it('agency clients (even with the owner’s uid and e-mail) and visitors read no workspace', async () => {
    await expectDenied(getDoc(doc(w.as('client'), 'users/alice')));
    await expectDenied(getDoc(doc(w.as('clientNamedAlice'), 'users/alice')));
    await expectDenied(updateDoc(doc(w.as('clientNamedAlice'), 'users/alice'), { workspaceName: 'client' }));
    await expectDenied(getDoc(doc(w.as('anon'), 'users/alice')));
  });
});

describe('regions', () => {
  it('the owner reads its EU record; the NA-only member does not', async () => {
    expect((await getDoc(doc(w.as('owner', EU), 'users/alice'))).data()?.region).toBe('eu');
    await expectDenied(getDoc(doc(w.as('member', EU), 'users/alice')));
    await expectDenied(memberQuery(w.as('member', EU), 'alice@a.test'));
  });
});
