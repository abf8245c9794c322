// POST /stripe/connect/create-account { workspace }: the agency's Express account, once (a second call answers the
// same account). It counts as connected only when account.updated says so (webhook).
import { billingApi, DEFAULT_USD_PER_TOKEN, paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { agencyConnect } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

export const connectCreateAccountEndpoint = defineEndpoint(billingApi.connectCreateAccount, async ({ body, headers, idTokens }) => {
  const agency = await agencyConnect({ headers, idTokens }, body.workspace.uid, body.workspace.region);
  if (agency.accountId) return { body: { accountId: agency.accountId } };
  try {
    const account = await stripeClient().accounts.create(
      { type: 'express', email: body.workspace.email ?? agency.email ?? undefined, metadata: { userId: agency.uid, region: agency.region }, capabilities: { card_payments: { requested: true }, transfers: { requested: true } } },
      { idempotencyKey: `connect-account-${agency.region}-${agency.uid}` },
    );
    await databaseFor(agency.region).doc(paths.user(agency.uid)).set({
      stripeConnect: { accountId: account.id, email: account.email ?? null, isConnected: false, payouts_enabled: false, USDPerToken: DEFAULT_USD_PER_TOKEN, allowPlans: false },
    }, { merge: true });
    return { body: { accountId: account.id } };
  } catch (error) {
    throw stripeFailure(error, 'Failed to create the Stripe account.');
  }
});
