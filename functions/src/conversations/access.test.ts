// Who may operate chats: workspace owners/members, and agency clients only for their own agency's agents with
// '/convos' and client access switched on — the same checks firestore.rules applies to reading chats.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedAgent } from '../testing/agent-builder-env';
import { assertCanOperate, NO_AGENT_ACCESS, type Caller } from './access';

let db: Firestore;

const clientOf = (clientId: string): Caller => ({ uid: `client-uid-${clientId}`, claims: { role: 'client', clientId } });

beforeAll(async () => {
  db = databaseFor('na');
  // Agency A owns agentA (personal workspace) and agentTeamA (a team workspace it created); agency B owns agentB.
  await db.doc(paths.user('agencyA')).set({ uid: 'agencyA', workspaceEmails: ['owner@a.example', 'mia@a.example'] });
  await db.doc(paths.user('teamA')).set({ uid: 'teamA', ownerId: 'agencyA', workspaceEmails: [] });
  await db.doc(paths.user('agencyB')).set({ uid: 'agencyB', workspaceEmails: ['owner@b.example'] });
  await seedAgent('na', 'agentA', 'agencyA', 'vg_secretA');
  await seedAgent('na', 'agentTeamA', 'teamA', 'vg_secretTeamA');
  await seedAgent('na', 'agentB', 'agencyB', 'vg_secretB');
  await db.doc(paths.org('orgA')).set({ ID: 'orgA', ownerID: 'agencyA', settings: { disableClientAccess: false } });
  await db.doc(paths.org('orgAoff')).set({ ID: 'orgAoff', ownerID: 'agencyA', settings: { disableClientAccess: true } });
  await db.doc(paths.org('orgB')).set({ ID: 'orgB', ownerID: 'agencyB', settings: {} });
  await db.doc(paths.client('clientA')).set({ orgId: 'orgA', widgetIDs: ['agentA', 'agentTeamA'], canAccess: ['/home', '/convos'] });
  await db.doc(paths.client('clientAnoConvos')).set({ orgId: 'orgA', widgetIDs: ['agentA'], canAccess: ['/home', '/leads'] });
  await db.doc(paths.client('clientAoff')).set({ orgId: 'orgAoff', widgetIDs: ['agentA'], canAccess: ['/convos'] });
  // Agency B lists agency A's agent in its client's widgetIDs: it must not get at A's chats.
  await db.doc(paths.client('clientB')).set({ orgId: 'orgB', widgetIDs: ['agentA', 'agentB'], canAccess: ['/convos'] });
});
afterAll(async () => {
});

describe('assertCanOperate', () => {
  it.each<[string, Caller, string]>([
    ['the workspace owner', { uid: 'agencyA', claims: {} }, 'agentA'],
    ['a member listed by e-mail (any case)', { uid: 'mia-uid', claims: { email: 'Mia@A.example' } }, 'agentA'],
    ["the creator of a team workspace (ownerId)", { uid: 'agencyA', claims: {} }, 'agentTeamA'],
    ['a client of the owning agency with /convos', clientOf('clientA'), 'agentA'],
    ["a client of the agency that created the agent's team workspace", clientOf('clientA'), 'agentTeamA'],
    ["agency B's client on agency B's agent", clientOf('clientB'), 'agentB'],
  ])('lets %s operate', async (_name, caller, agentId) => {
    await expect(assertCanOperate(db, caller, agentId)).resolves.toEqual({ ownerID: expect.any(String) });
  });

  it.each<[string, Caller, string]>([
    ["agency B's client on agency A's agent listed in its widgetIDs", clientOf('clientB'), 'agentA'],
    ['a client without /convos in canAccess', clientOf('clientAnoConvos'), 'agentA'],
    ['a client whose org switched client access off', clientOf('clientAoff'), 'agentA'],
    ['a client whose agent is not in widgetIDs', clientOf('clientA'), 'agentB'],
    ['an unknown client', clientOf('nobody'), 'agentA'],
    ['a clientId claim without the client role', { uid: 'x', claims: { clientId: 'clientA' } }, 'agentA'],
    ["a client token whose uid equals the owner's", { uid: 'agencyA', claims: { role: 'client', clientId: 'clientB' } }, 'agentA'],
    ['a signed-in stranger', { uid: 'stranger', claims: { email: 'someone@else.example' } }, 'agentA'],
    ["agency B's owner on agency A's agent", { uid: 'agencyB', claims: { email: 'owner@b.example' } }, 'agentA'],
  ])('refuses %s', async (_name, caller, agentId) => {
    await expect(assertCanOperate(db, caller, agentId)).rejects.toThrow(NO_AGENT_ACCESS);
  });

  it('answers not-found for a missing agent', async () => {
    await expect(assertCanOperate(db, { uid: 'agencyA', claims: {} }, 'missingAgent')).rejects.toThrow('This widget does not exist.');
  });
});
