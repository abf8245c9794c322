// The agency-admin role (the agency-secret magic link) across every collection: it reads the client dashboards of
// its own agency, in its agency's region, while its generation is current; it writes nothing and never reaches
// billing, workspaces, Connect, private documents or another agency.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, useWorld, type Database } from './world.ts';

// Nothing here changes the world but the generation test, which puts it back.
const w = useWorld();

/** What agency A's client dashboards show: its agency, the owner's orgs and clients, its agents and their pages. */
const DASHBOARD_DOCS = [
  'agencies/agA',
  'orgs/orgA', 'orgs/orgOff',
  'clients/cA', 'clients/cAdm', 'clients/cOff',
  'voiceglow/agentA1', 'voiceglow/agentT1',
  'voiceglow/agentA1/kb/d1', 'voiceglow/agentA1/kb/d1/chunks/d1_0',
  'voiceglow/agentA1/conversations/c1', 'voiceglow/agentA1/conversations/c1/messages/m1',
  'voiceglow/agentA1/stats/usage', 'voiceglow/agentA1/analytics/e1', 'voiceglow/agentA1/leads/l1',
];

/** Everything else: other tenants, workspaces and billing, Connect, secrets, channel records, functions-only data. */
const NEVER_DOCS = [
  'agencies/agB', 'agencies/agA/private/secrets', 'agencies/agA/dns_reminders/r1',
  'orgs/orgB', 'orgs/orgA/auditLog/x', 'clients/cB', 'clients/cA/private/credentials',
  'voiceglow/agentB1', 'voiceglow/agentB1/conversations/c1', 'voiceglow/agentB1/kb/d1',
  'voiceglow/agentA1/private/secrets', 'voiceglow/agentA1/backups/b1',
  'voiceglow/agentA1/conversationUsage/c1', 'voiceglow/agentA1/channelThreads/t1',
  'users/alice', 'users/team1', 'users/bob', 'users/alice/private/secrets', 'users/alice/creditUsageLogs/l1',
  'metaPages/pA', 'waNumbers/wA', 'discordChannels/dA', 'telegramBots/tA',
  'notifications-1/nAll', 'notifications-2/nReq', 'stripeEvents/evt_1', 'events/e1', 'channelEvents/x',
  'agencyDomains/app.agency-a.test', 'clientLoginCodes/x', 'clientEmails/x',
];

const read = (db: ReturnType<typeof w.as>, path: string) => getDoc(doc(db, path));

describe('agencyAdmin (current generation, NA)', () => {
  it.each(DASHBOARD_DOCS)('reads %s', async (path) => {
    await assertSucceeds(read(w.as('agencyAdmin'), path));
  });

  it.each(NEVER_DOCS)('is denied %s', async (path) => {
    await assertFails(read(w.as('agencyAdmin'), path));
  });

  it('lists the conversations of its agency’s agent and the clients of its owner’s org, not another agency’s', async () => {
    const db = w.as('agencyAdmin');
    expect((await assertSucceeds(getDocs(collection(db, 'voiceglow/agentA1/conversations')))).size).toBe(1);
    expect((await assertSucceeds(getDocs(query(collection(db, 'clients'), where('orgId', '==', 'orgA'))))).size).toBe(2);
    await assertFails(getDocs(collection(db, 'voiceglow/agentB1/conversations')));
    await assertFails(getDocs(query(collection(db, 'clients'), where('orgId', '==', 'orgB'))));
  });

  it('writes nothing: no agent, org (billing or not), client, agency, workspace or Connect change, no deletion', async () => {
    const db = w.as('agencyAdmin');
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { title: 'x' }));
    await assertFails(deleteDoc(doc(db, 'voiceglow/agentA1')));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { name: 'x' }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { loadTokens: 1e9 }));
    await assertFails(setDoc(doc(db, 'orgs/orgNew'), { ID: 'orgNew', name: 'x', ownerID: 'alice' }));
    await assertFails(deleteDoc(doc(db, 'orgs/orgA')));
    await assertFails(updateDoc(doc(db, 'clients/cA'), { canAccess: ['/home', '/leads'] }));
    await assertFails(deleteDoc(doc(db, 'clients/cA')));
    await assertFails(updateDoc(doc(db, 'agencies/agA'), { name: 'x' }));
    await assertFails(deleteDoc(doc(db, 'agencies/agA')));
    await assertFails(updateDoc(doc(db, 'users/alice'), { displayName: 'x' }));
    await assertFails(updateDoc(doc(db, 'users/alice'), { stripeConnect: { accountId: 'acct_evil' } }));
    await assertFails(deleteDoc(doc(db, 'users/alice')));
    await assertFails(setDoc(doc(db, 'agencies/agA/private/secrets'), { secret: 'b'.repeat(25) }));
    await assertFails(updateDoc(doc(db, 'notifications-1/nAll'), { seen: true }));
    expect(await w.read('orgs/orgA')).toMatchObject({ name: 'Org A', loadTokens: 50 });
  });
});

describe('agencyAdmin outside its scope', () => {
  const denied = async (db: ReturnType<typeof w.as>) => {
    for (const path of DASHBOARD_DOCS) await assertFails(read(db, path));
  };

  it('a session of an earlier generation (the secret was regenerated since) reads nothing', async () => {
    await denied(w.as('staleAgencyAdmin'));
  });

  it('raising the generation cuts the current session off at once', async () => {
    await assertSucceeds(read(w.as('agencyAdmin'), 'orgs/orgA'));
    await w.seed({ 'agencies/agA/private/secrets': { secret: 'c'.repeat(25), adminGeneration: 3 } });
    try {
      await assertFails(read(w.as('agencyAdmin'), 'orgs/orgA'));
    } finally {
      await w.seed({ 'agencies/agA/private/secrets': { secret: 'a'.repeat(25), adminGeneration: 2 } });
    }
  });

  it('the other region’s database: the same agency id there vouches for nothing', async () => {
    // agA exists in EU too (same id, same owner): the token names NA, so EU refuses it.
    const eu = (database: Database) => w.as('agencyAdmin', database);
    await denied(eu(EU));
    await denied(w.signedIn('aa-agA-2', { role: 'agencyAdmin', agencyId: 'agA', agencyRegion: 'eu' }));
  });

  it('a token naming another agency than its uid, or without the role, gets nothing', async () => {
    await denied(w.signedIn('aa-agA-2', { role: 'agencyAdmin', agencyId: 'agB', agencyRegion: 'na' }));
    await denied(w.signedIn('aa-agA-2', { agencyId: 'agA', agencyRegion: 'na' }));
  });
});
