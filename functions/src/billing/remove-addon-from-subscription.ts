// POST /stripe/remove-addon-from-subscription: removals first (the page sends them before additions); no proration,
// so the change takes effect with the next billing cycle (add-ons are non-refundable).
import { billingApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';
import { activeSubscription, syncSubscription } from './subscription';

const M = billingApi.BILLING_API_MESSAGES;

export const removeAddonFromSubscriptionEndpoint = defineEndpoint(billingApi.removeAddonFromSubscription, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region, { ownerOnly: true });
  try {
    const sub = await activeSubscription(b);
    const stripe = stripeClient();
    for (const item of sub.items.data.filter((i) => body.addonKeys.includes(i.price.metadata?.addonKey as never))) {
      await stripe.subscriptionItems.del(item.id, { proration_behavior: 'none' });
    }
    await syncSubscription(databaseFor(b.region), b.uid, sub.id);
    return { body: { success: true as const, message: M.addonsUpdated } };
  } catch (error) {
    throw stripeFailure(error, M.addonsUpdateFailed);
  }
});
