// POST /stripe/reactivate-subscription: while it is still cancelling.
import { billingApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';
import { activeSubscription, syncSubscription } from './subscription';

const M = billingApi.BILLING_API_MESSAGES;

export const reactivateSubscriptionEndpoint = defineEndpoint(billingApi.reactivateSubscription, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region, { ownerOnly: true });
  try {
    const sub = await activeSubscription(b, M.noSubscription);
    if (!sub.cancel_at_period_end) throw new HttpError(409, M.notCancelling);
    await stripeClient().subscriptions.update(sub.id, { cancel_at_period_end: false });
    await syncSubscription(databaseFor(b.region), b.uid, sub.id);
    return { body: { success: true as const, message: M.reactivated } };
  } catch (e) {
    throw stripeFailure(e, M.reactivateError);
  }
});
