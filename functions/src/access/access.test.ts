// The one access rule for agents and workspaces, against Google's Firestore emulator: members of the agent's
// workspace, agency clients only for a page they may see on their own agency's agents (the checks
// firestore.rules applies), and the secrets functions accept as bearer.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import {
  callerOf, callerOfBearer, callerOfToken, hasAgentAccess, optionalCallerOfBearer, NO_AGENT_ACCESS, requireAgentAccess, requireFoundWorkspace, requireWorkspaceAccess,
  requireWorkspaceSecret, findWorkspace, WORKSPACE_SECRET_REQUIRED, type Caller,
} from './index';

let db: Firestore;

const user = (uid: string, email: string | null = null): Caller => ({ kind: 'user', uid, email, emailVerified: email !== null, role: '' });
/** Someone who signed up with an address the owner invited, before its owner did: the address is unverified. */
const squatter = (email: string): Caller => ({ kind: 'user', uid: 'squatter-uid', email, emailVerified: false, role: '' });
const clientOf = (clientId: string): Caller => ({ kind: 'client', uid: `client-uid-${clientId}`, clientId });
const secret = (value: string): Caller => ({ kind: 'secret', secret: value });

beforeAll(async () => {
  db = databaseFor('na');
  // Agency A owns agentA (personal workspace) and agentTeamA (a team workspace it created); agency B owns agentB.
  await seedWorkspace('na', 'agencyA', 'vg_workspaceSecretA0001', { workspaceEmails: ['owner@a.example', 'mia@a.example'] });
  await seedWorkspace('na', 'teamA', 'vg_workspaceSecretTeamA1', { ownerId: 'agencyA', workspaceEmails: [] });
  await seedWorkspace('na', 'agencyB', 'vg_workspaceSecretB0001', { workspaceEmails: ['owner@b.example'] });
  await seedAgent('na', 'agentA', 'agencyA', 'vg_agentSecretA00000001');
  await seedAgent('na', 'agentTeamA', 'teamA', 'vg_agentSecretTeamA0001');
  await seedAgent('na', 'agentB', 'agencyB', 'vg_agentSecretB00000001');
  await db.doc(paths.org('orgA')).set({ ID: 'orgA', ownerID: 'agencyA', settings: { disableClientAccess: false } });
  await db.doc(paths.org('orgAoff')).set({ ID: 'orgAoff', ownerID: 'agencyA', settings: { disableClientAccess: true } });
  await db.doc(paths.org('orgB')).set({ ID: 'orgB', ownerID: 'agencyB', settings: {} });
  await db.doc(paths.client('clientA')).set({ orgId: 'orgA', widgetIDs: ['agentA', 'agentTeamA'], canAccess: ['/home', '/convos'] });
  await db.doc(paths.client('clientAnoConvos')).set({ orgId: 'orgA', widgetIDs: ['agentA'], canAccess: ['/home', '/leads'] });
  await db.doc(paths.client('clientAoff')).set({ orgId: 'orgAoff', widgetIDs: ['agentA'], canAccess: ['/convos'] });
  // Agency B lists agency A's agent in its client's widgetIDs: it must not get at A's chats.
  await db.doc(paths.client('clientB')).set({ orgId: 'orgB', widgetIDs: ['agentA', 'agentB'], canAccess: ['/convos'] });
});

describe('requireAgentAccess with the chats page', () => {
  it.each<[string, Caller, string, string]>([
    ['the workspace owner', user('agencyA'), 'agentA', 'member'],
    ['a member listed by e-mail (any case)', user('mia-uid', 'Mia@A.example'), 'agentA', 'member'],
    ['the creator of a team workspace (ownerId)', user('agencyA'), 'agentTeamA', 'member'],
    ['a client of the owning agency with /convos', clientOf('clientA'), 'agentA', 'client'],
    ["a client of the agency that created the agent's team workspace", clientOf('clientA'), 'agentTeamA', 'client'],
    ["agency B's client on agency B's agent", clientOf('clientB'), 'agentB', 'client'],
  ])('lets %s in', async (_name, caller, agentId, via) => {
    await expect(requireAgentAccess(caller, 'na', agentId, { page: '/convos' })).resolves.toMatchObject({ via, ownerID: expect.any(String) });
  });

  it.each<[string, Caller, string]>([
    ["agency B's client on agency A's agent listed in its widgetIDs", clientOf('clientB'), 'agentA'],
    ['a client without /convos in canAccess', clientOf('clientAnoConvos'), 'agentA'],
    ['a client whose org switched client access off', clientOf('clientAoff'), 'agentA'],
    ['a client whose agent is not in widgetIDs', clientOf('clientA'), 'agentB'],
    ['an unknown client', clientOf('nobody'), 'agentA'],
    ['a client token without a clientId', clientOf(''), 'agentA'],
    ['a token with another role, even with the owner uid', { kind: 'user', uid: 'agencyA', email: null, role: 'admin' }, 'agentA'],
    ['a signed-in stranger', user('stranger', 'someone@else.example'), 'agentA'],
    ["a user holding an invited address it never verified", squatter('mia@a.example'), 'agentA'],
    ["agency B's owner on agency A's agent", user('agencyB', 'owner@b.example'), 'agentA'],
  ])('refuses %s', async (_name, caller, agentId) => {
    await expect(requireAgentAccess(caller, 'na', agentId, { page: '/convos' })).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
  });

  it('answers 404 "This widget does not exist." for a missing agent', async () => {
    await expect(requireAgentAccess(user('agencyA'), 'na', 'missingAgent')).rejects.toMatchObject({ status: 404, message: 'This widget does not exist.' });
  });
});

describe('requireAgentAccess without a page (writes, secrets, settings)', () => {
  it('is for members only: even a client allowed every page is refused', async () => {
    await expect(requireAgentAccess(user('mia-uid', 'mia@a.example'), 'na', 'agentA')).resolves.toMatchObject({ via: 'member', actor: 'mia-uid' });
    await expect(requireAgentAccess(clientOf('clientA'), 'na', 'agentA')).rejects.toMatchObject({ status: 403 });
    expect(await hasAgentAccess(clientOf('clientA'), 'na', 'agentA')).toBe(false);
    expect(await hasAgentAccess(null, 'na', 'agentA')).toBe(false);
  });

  it("accepts the agent's secret and its workspace's secret; 403 for another workspace's, 401 for nobody's", async () => {
    await expect(requireAgentAccess(secret('vg_agentSecretA00000001'), 'na', 'agentA')).resolves.toMatchObject({ via: 'agent-secret', actor: 'api' });
    await expect(requireAgentAccess(secret('vg_workspaceSecretA0001'), 'na', 'agentA')).resolves.toMatchObject({ via: 'workspace-secret', actor: 'agencyA' });
    await expect(requireAgentAccess(secret('vg_agentSecretB00000001'), 'na', 'agentA')).rejects.toMatchObject({ status: 401 });
    await expect(requireAgentAccess(secret('vg_workspaceSecretB0001'), 'na', 'agentA')).rejects.toMatchObject({ status: 403 });
    await expect(requireAgentAccess(secret('vg_nobodysSecret00000001'), 'na', 'agentA')).rejects.toMatchObject({ status: 401 });
  });
});

describe('requireWorkspaceAccess', () => {
  it('knows owners, members and the secret, and keeps owner-only actions to owners', async () => {
    await expect(requireWorkspaceAccess(user('agencyA'), 'na', 'teamA', { ownerOnly: true })).resolves.toMatchObject({ via: 'owner' });
    await expect(requireWorkspaceAccess(user('mia-uid', 'mia@a.example'), 'na', 'agencyA')).resolves.toMatchObject({ via: 'member' });
    await expect(requireWorkspaceAccess(user('mia-uid', 'mia@a.example'), 'na', 'agencyA', { ownerOnly: true })).rejects.toMatchObject({ status: 403, message: 'Only the workspace owner can do this.' });
    await expect(requireWorkspaceAccess(secret('vg_workspaceSecretA0001'), 'na', 'agencyA', { ownerOnly: true })).resolves.toMatchObject({ via: 'secret', actor: 'agencyA' });
  });

  it('refuses clients, strangers, other workspaces and unknown secrets', async () => {
    await expect(requireWorkspaceAccess(clientOf('clientA'), 'na', 'agencyA')).rejects.toMatchObject({ status: 403 });
    await expect(requireWorkspaceAccess(squatter('mia@a.example'), 'na', 'agencyA')).rejects.toMatchObject({ status: 403, message: 'You are not a member of this workspace.' });
    await expect(requireWorkspaceAccess(user('stranger'), 'na', 'agencyA')).rejects.toMatchObject({ status: 403, message: 'You are not a member of this workspace.' });
    await expect(requireWorkspaceAccess(secret('vg_workspaceSecretB0001'), 'na', 'agencyA')).rejects.toMatchObject({ status: 403 });
    await expect(requireWorkspaceAccess(secret('vg_wrongwrongwrongwrong1'), 'na', 'agencyA')).rejects.toMatchObject({ status: 401, message: 'Invalid workspace secret.' });
  });

  it('finds the workspace in the other region, and answers 404 when there is none', async () => {
    await seedWorkspace('eu', 'euWorkspace', 'vg_workspaceSecretEu0001');
    await expect(requireFoundWorkspace(user('euWorkspace'), 'euWorkspace', { regionHint: 'na' })).resolves.toMatchObject({ region: 'eu' });
    await expect(requireFoundWorkspace(user('x'), 'noSuchWorkspace')).rejects.toMatchObject({ status: 404, message: 'Workspace not found.' });
  });
});

describe('an invited address signed up by someone else first (unverified e-mail)', () => {
  it("gets neither the agent's API key (agentSecretStatus) nor the workspace, while the verified owner of the address does", async () => {
    const { agentSecretStatusHandler } = await import('../agents/secret-status');
    const as = (uid: string, verified: boolean) => ({ auth: { uid, token: { email: 'mia@a.example', email_verified: verified } as never, rawToken: 'x' } });
    await expect(agentSecretStatusHandler({ region: 'na', agentId: 'agentA' }, as('squatter-uid', false))).rejects.toMatchObject({ status: 403 });
    await expect(agentSecretStatusHandler({ region: 'na', agentId: 'agentA' }, as('mia-uid', true))).resolves.toMatchObject({ agentSecret: 'vg_agentSecretA00000001' });
  });
});

describe('callers', () => {
  it('reads a callable auth or a verified token into one Caller', () => {
    expect(callerOf({ auth: { uid: 'u1', token: { email: 'u@x.example' } } as never })).toEqual({ kind: 'user', uid: 'u1', email: 'u@x.example', emailVerified: false, role: '' });
    expect(callerOf({ auth: { uid: 'u1', token: { email: 'u@x.example', email_verified: true } } as never })).toMatchObject({ emailVerified: true });
    expect(callerOf({ auth: { uid: 'c1', token: { role: 'client', clientId: 'clientA' } } as never })).toEqual({ kind: 'client', uid: 'c1', clientId: 'clientA' });
    expect(callerOfToken({ uid: 'c2', role: 'client' })).toEqual({ kind: 'client', uid: 'c2', clientId: '' });
    expect(() => callerOf({ auth: undefined }, 'Sign in first.')).toThrow('Sign in first.');
  });

  it('identifies an HTTP bearer with the ID-token verifier it is handed, and takes a vg_ secret as it is', async () => {
    const asked: string[] = [];
    const idTokens = async (token: string) => (asked.push(token), token === 'ada.id.token' ? { uid: 'ada', email: 'ada@x.example', emailVerified: true } : null);
    const bearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` }, idTokens });
    await expect(callerOfBearer(bearer('ada.id.token'))).resolves.toEqual({ kind: 'user', uid: 'ada', email: 'ada@x.example', emailVerified: true, role: '' });
    await expect(callerOfBearer(bearer('eve.id.token'))).rejects.toMatchObject({ status: 401, message: 'Invalid bearer token.' });
    await expect(callerOfBearer(bearer('vg_workspaceSecretA0001'))).resolves.toEqual({ kind: 'secret', secret: 'vg_workspaceSecretA0001' });
    expect(asked).toEqual(['ada.id.token', 'eve.id.token']);
    await expect(callerOfBearer({ headers: {}, idTokens })).rejects.toMatchObject({ status: 401, message: 'Missing bearer token.' });
    await expect(optionalCallerOfBearer({ headers: {}, idTokens })).resolves.toBeNull();
  });
});

describe('requireWorkspaceSecret (writing to a workspace from outside the dashboard)', () => {
  it('takes the workspace’s own secret only: its owner’s ID token is 401 with the sentence, another workspace’s secret 403', async () => {
    const workspace = (await findWorkspace('agencyA', 'na'))!;
    await expect(requireWorkspaceSecret(secret('vg_workspaceSecretA0001'), workspace)).resolves.toMatchObject({ via: 'secret', workspaceId: 'agencyA' });
    await expect(requireWorkspaceSecret(user('agencyA', 'owner@a.example'), workspace)).rejects.toMatchObject({ status: 401, message: WORKSPACE_SECRET_REQUIRED });
    await expect(requireWorkspaceSecret(clientOf('clientA'), workspace)).rejects.toMatchObject({ status: 401, message: WORKSPACE_SECRET_REQUIRED });
    await expect(requireWorkspaceSecret(secret('vg_workspaceSecretB0001'), workspace)).rejects.toMatchObject({ status: 403 });
  });
});
