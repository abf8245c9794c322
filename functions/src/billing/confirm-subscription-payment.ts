// POST /stripe/confirm-subscription-payment: after 3-D Secure. The plan turns active only if Stripe says the
// PaymentIntent succeeded (the page's word is never taken).
import { billingApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';
import { syncSubscription } from './subscription';

const M = billingApi.BILLING_API_MESSAGES;

export const confirmSubscriptionPaymentEndpoint = defineEndpoint(billingApi.confirmSubscriptionPayment, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region, { ownerOnly: true });
  try {
    const pi = await stripeClient().paymentIntents.retrieve(body.paymentIntentId);
    if (!b.customerId || pi.customer !== b.customerId) throw new HttpError(403, M.paymentConfirmationFailed);
    if (pi.status !== 'succeeded') return { body: { success: false, status: pi.status } };
    await syncSubscription(databaseFor(b.region), b.uid, body.subscriptionId);
    return { body: { success: true, status: pi.status } };
  } catch (error) {
    throw stripeFailure(error, M.completeConfirmationFailed);
  }
});
