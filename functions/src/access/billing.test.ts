// Who may call billing, against Google's Firestore emulator: a workspace's billing for its secret, owner and
// members (owner only where money moves); Auto Billing's Connect setup for the agency owner with the white-label
// add-on; an org's billing for that org's clients and its owner's workspace, on the owner's connected account only;
// an agency's plans and Connect account for the agency and the clients of its orgs.
import { billingApi, paths, WHITELABEL_ADDON_KEY } from '@parley/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VerifiedToken } from '../adapters/id-token';
import { databaseFor } from '../adapters/firestore';
import { seedWorkspace } from '../../test/agent-builder-env';
import {
  PLANS_NOT_YOURS, requireAgencyBillingReader, requireAutoBillingOwner, requireBillingWorkspace, requireKnownCaller, requireOrgBilling, requirePlansReader,
  type Caller,
} from './index';

const M = billingApi.BILLING_API_MESSAGES;

/** ID tokens "<name>.id.token": the agency owner, a member of its workspace, a stranger and clients of two orgs. */
const PEOPLE: Record<string, VerifiedToken> = {
  owner: { uid: 'billAgency', email: 'owner@bill.example', emailVerified: true, role: '' },
  member: { uid: 'billMember', email: 'mia@bill.example', emailVerified: true, role: '' },
  stranger: { uid: 'billStranger', email: 'eve@else.example', emailVerified: true, role: '' },
  client: { uid: 'billClientUid', role: 'client', clientId: 'billClient' },
  otherClient: { uid: 'billOtherUid', role: 'client', clientId: 'billOtherClient' },
};
const as = (bearer: string) => ({
  headers: { authorization: `Bearer ${bearer.startsWith('vg_') ? bearer : `${bearer}.id.token`}` },
  idTokens: async (token: string) => PEOPLE[token.split('.')[0] ?? ''] ?? null,
});

beforeAll(async () => {
  const db = databaseFor('na');
  const connect = { stripeConnect: { accountId: 'acct_billAgency', isConnected: true } };
  await seedWorkspace('na', 'billAgency', 'vg_billAgencySecret0001', { workspaceEmails: ['owner@bill.example', 'mia@bill.example'], internal: { customPlan: { features: [WHITELABEL_ADDON_KEY] } }, ...connect });
  await seedWorkspace('na', 'billPlain', 'vg_billPlainSecret00001', { workspaceEmails: [], stripeConnect: { accountId: 'acct_billPlain', isConnected: false } });
  await db.doc(paths.org('billOrg')).set({ ID: 'billOrg', ownerID: 'billAgency', allowBilling: true });
  await db.doc(paths.org('billOrgOff')).set({ ID: 'billOrgOff', ownerID: 'billAgency', allowBilling: false });
  await db.doc(paths.org('billOrgUnconnected')).set({ ID: 'billOrgUnconnected', ownerID: 'billPlain', allowBilling: true });
  await db.doc(paths.client('billClient')).set({ ID: 'billClient', orgId: 'billOrg' });
  await db.doc(paths.client('billOtherClient')).set({ ID: 'billOtherClient', orgId: 'billOrgOff' });
});

describe('a workspace’s billing', () => {
  it('opens to its secret, owner and members; only the owner where money moves', async () => {
    await expect(requireBillingWorkspace(as('vg_billAgencySecret0001'), 'billAgency', 'na')).resolves.toMatchObject({ uid: 'billAgency', caller: { kind: 'secret' } });
    await expect(requireBillingWorkspace(as('member'), 'billAgency', 'na')).resolves.toMatchObject({ access: { via: 'member' } });
    await expect(requireBillingWorkspace(as('member'), 'billAgency', 'na', { ownerOnly: true })).rejects.toMatchObject({ status: 403 });
    await expect(requireBillingWorkspace(as('owner'), 'billAgency', 'na', { ownerOnly: true })).resolves.toMatchObject({ access: { via: 'owner' } });
    await expect(requireBillingWorkspace(as('stranger'), 'billAgency', 'na')).rejects.toMatchObject({ status: 403 });
    await expect(requireBillingWorkspace(as('client'), 'billAgency', 'na')).rejects.toMatchObject({ status: 403 });
    await expect(requireBillingWorkspace(as('owner'), 'billNobody', 'na')).rejects.toMatchObject({ status: 404 });
  });
});

describe('Auto Billing’s Connect setup', () => {
  it('is the agency owner’s alone, and needs the white-label add-on', async () => {
    await expect(requireAutoBillingOwner(as('owner'), 'billAgency', 'na')).resolves.toMatchObject({ uid: 'billAgency' });
    await expect(requireAutoBillingOwner(as('member'), 'billAgency', 'na')).rejects.toMatchObject({ status: 403 });
    await expect(requireAutoBillingOwner(as('vg_billPlainSecret00001'), 'billPlain', 'na')).rejects.toMatchObject({ status: 403, message: M.autoBillingNeedsWhitelabel });
  });
});

describe('an org’s billing', () => {
  it('opens to the org’s own clients and its owner’s workspace, on the owner’s connected account', async () => {
    await expect(requireOrgBilling(as('client'), 'billOrg', 'na')).resolves.toMatchObject({ ownerID: 'billAgency', caller: { kind: 'client' } });
    await expect(requireOrgBilling(as('owner'), 'billOrg', 'na', 'acct_billAgency')).resolves.toMatchObject({ ownerID: 'billAgency' });
    await expect(requireOrgBilling(as('otherClient'), 'billOrg', 'na')).rejects.toMatchObject({ status: 403, message: M.notOrgMember });
    await expect(requireOrgBilling(as('stranger'), 'billOrg', 'na')).rejects.toMatchObject({ status: 403 });
    await expect(requireOrgBilling(as('client'), 'billNoOrg', 'na')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses an account the page names other than the owner’s, an agency not yet connected and an org not billed', async () => {
    await expect(requireOrgBilling(as('client'), 'billOrg', 'na', 'acct_someoneElse')).rejects.toMatchObject({ status: 403, message: M.connectMissing });
    await expect(requireOrgBilling(as('vg_billPlainSecret00001'), 'billOrgUnconnected', 'na')).rejects.toMatchObject({ status: 412, message: M.connectMissing });
    await expect(requireOrgBilling(as('owner'), 'billOrgOff', 'na')).rejects.toMatchObject({ status: 403, message: M.billingNotAllowed });
  });
});

describe('plans and prebuilt plans', () => {
  it('take signed-in callers only, never a secret', async () => {
    await expect(requireKnownCaller(as('client'))).resolves.toMatchObject({ kind: 'client', clientId: 'billClient' });
    await expect(requireKnownCaller(as('vg_billAgencySecret0001'))).rejects.toMatchObject({ status: 401 });
  });
});

describe('an agency’s plans', () => {
  const caller = (name: string): Caller => {
    const t = PEOPLE[name]!;
    return t.role === 'client' ? { kind: 'client', uid: t.uid, clientId: String(t.clientId) } : { kind: 'user', uid: t.uid, email: t.email ?? null, role: '' };
  };

  it('are listed for the account’s own agency owner and a client of one of its orgs', async () => {
    await expect(requirePlansReader(caller('owner'), 'acct_billAgency')).resolves.toBeUndefined();
    await expect(requirePlansReader(caller('client'), 'acct_billAgency')).resolves.toBeUndefined();
  });

  it('are refused to its members, other agencies’ clients, and on an account nobody owns', async () => {
    await expect(requirePlansReader(caller('member'), 'acct_billAgency')).rejects.toMatchObject({ status: 403, message: PLANS_NOT_YOURS });
    await expect(requirePlansReader(caller('client'), 'acct_billPlain')).rejects.toMatchObject({ status: 403, message: PLANS_NOT_YOURS });
    await expect(requirePlansReader(caller('owner'), 'acct_nobody')).rejects.toMatchObject({ status: 403, message: PLANS_NOT_YOURS });
  });
});

describe('an agency’s Connect account for an org’s billing modal', () => {
  it('opens to a client of one of its orgs and to the agency’s workspace; a client of another agency is no member', async () => {
    await expect(requireAgencyBillingReader(as('client'), 'billAgency', 'na')).resolves.toMatchObject({ kind: 'client' });
    await expect(requireAgencyBillingReader(as('member'), 'billAgency', 'na')).resolves.toMatchObject({ kind: 'user' });
    await expect(requireAgencyBillingReader(as('vg_billAgencySecret0001'), 'billAgency', 'na')).resolves.toMatchObject({ kind: 'secret' });
    await expect(requireAgencyBillingReader(as('client'), 'billPlain', 'na')).rejects.toMatchObject({ status: 403, message: M.notOrgMember });
    await expect(requireAgencyBillingReader(as('stranger'), 'billAgency', 'na')).rejects.toMatchObject({ status: 403 });
  });
});
