// POST /stripe/create-setup-intent: Stripe Elements saves a card through this SetupIntent (the card never reaches us).
import { billingApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { ensureCustomer, stripeFailure } from './stripe-helpers';

export const createSetupIntentEndpoint = defineEndpoint(billingApi.createSetupIntent, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region, { ownerOnly: true });
  try {
    const customerId = await ensureCustomer(databaseFor(b.region), b, body.email);
    const si = await stripeClient().setupIntents.create({ customer: customerId, usage: 'off_session', metadata: { userId: b.uid, region: b.region } });
    return { body: { customerId, clientSecret: si.client_secret ?? '' } };
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.savePaymentFailed);
  }
});
