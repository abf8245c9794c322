// An org's allowBilling through the Org Info callables: refused until the agency's Stripe account is connected
// (isConnected and payouts_enabled), then allowed; turning it off is always allowed; only the agency owner sets it.
import { paths } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { createOrgHandler } from './create-org';
import { createClientHandler } from './create-client';
import { updateOrgHandler } from './update-org';

const db = databaseFor('na');
const owner = { auth: { uid: 'billOwner', token: { email: 'owner@bill.test', email_verified: true } as never, rawToken: 'x' } };
const asClient = (clientId: string) => ({ auth: { uid: `client-${clientId}`, token: { role: 'client', clientId } as never, rawToken: 'x' } });
const NEEDS_CONNECT = 'Enable Billing requires a connected payment account.';

async function agency(stripeConnect: Record<string, unknown> | null) {
  await db.doc(paths.user('billOwner')).set({ uid: 'billOwner', email: 'owner@bill.test', loadTokens: 100, ...(stripeConnect ? { stripeConnect } : {}) });
}
const allowBillingOf = async (orgId: string) => (await db.doc(paths.org(orgId)).get()).get('allowBilling') as unknown;

beforeEach(async () => {
  await db.doc(paths.user('billOwner')).delete();
});

describe('allowBilling on an organisation', () => {
  it.each([
    ['no Stripe account', null],
    ['an account Stripe has not confirmed', { accountId: 'acct_bill1', isConnected: false, payouts_enabled: false }],
    ['a connected account without payouts', { accountId: 'acct_bill1', isConnected: true, payouts_enabled: false }],
  ])('is refused with %s', async (_label, connect) => {
    await agency(connect);
    const { org } = await createOrgHandler({ region: 'na', name: 'Bill Org' }, owner);
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { allowBilling: true } }, owner)).rejects.toMatchObject({ status: 412, message: NEEDS_CONNECT });
    expect(await allowBillingOf(org.ID)).toBeUndefined();
    await expect(createOrgHandler({ region: 'na', name: 'Billed from the start', allowBilling: true }, owner)).rejects.toThrow(NEEDS_CONNECT);
  }, 60_000);

  it('is allowed once the account is connected, and can be turned off again', async () => {
    await agency({ accountId: 'acct_bill1', isConnected: true, payouts_enabled: true });
    const { org } = await createOrgHandler({ region: 'na', name: 'Bill Org' }, owner);
    const on = await updateOrgHandler({ region: 'na', orgId: org.ID, patch: { allowBilling: true } }, owner);
    expect(on.org.allowBilling).toBe(true);
    expect(await allowBillingOf(org.ID)).toBe(true);
    await agency(null);
    await updateOrgHandler({ region: 'na', orgId: org.ID, patch: { allowBilling: false } }, owner);
    expect(await allowBillingOf(org.ID)).toBe(false);
  }, 60_000);

  it('is the agency owner’s alone: an org admin cannot turn it on', async () => {
    await agency({ accountId: 'acct_bill1', isConnected: true, payouts_enabled: true });
    const { org } = await createOrgHandler({ region: 'na', name: 'Bill Org' }, owner);
    const admin = await createClientHandler({ region: 'na', orgId: org.ID, name: 'Ada', email: 'ada@bill.test', canAccess: ['/convos'], isOrgAdmin: true }, owner);
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { allowBilling: true } }, asClient(admin.client.ID))).rejects.toMatchObject({ status: 403 });
    expect(await allowBillingOf(org.ID)).toBeUndefined();
  }, 60_000);
});
