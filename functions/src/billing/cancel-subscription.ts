// POST /stripe/cancel-subscription: at period end, with the reason (Other with its text) kept on the subscription.
import { billingApi, validateCancelReason } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';
import { activeSubscription, syncSubscription } from './subscription';

const M = billingApi.BILLING_API_MESSAGES;

export const cancelSubscriptionEndpoint = defineEndpoint(billingApi.cancelSubscription, async ({ body, headers, idTokens }) => {
  const error = validateCancelReason(body.reason, body.otherReason);
  if (error) throw new HttpError(400, error);
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region, { ownerOnly: true });
  try {
    const sub = await activeSubscription(b, M.noSubscription);
    const comment = body.reason === 'Other' ? `Other: ${body.otherReason.trim()}` : body.reason;
    await stripeClient().subscriptions.update(sub.id, { cancel_at_period_end: true, cancellation_details: { comment }, metadata: { cancelReason: comment.slice(0, 450) } });
    const after = await syncSubscription(databaseFor(b.region), b.uid, sub.id);
    const periodEnd = after.items.data[0]?.current_period_end ?? null;
    return { body: { success: true as const, message: M.cancelled, cancelsAt: after.cancel_at ?? periodEnd } };
  } catch (e) {
    throw stripeFailure(e, M.cancelError);
  }
});
