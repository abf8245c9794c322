// POST /stripe/add-addon-to-subscription: each add-on set to its quantity (0–10, whitelabel-new at most 1) at the
// price of the subscription's plan (a new-pricing plan's add-on table, else the catalogue) in the customer's currency;
// next cycle (no proration). Answers the add-ons that failed.
import { billingApi, validateAddonQuantity } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { stripeClient } from './env';
import { catalogPrice, stripeFailure } from './stripe-helpers';
import { taxOf } from './billing-records';
import { activeSubscription, syncSubscription } from './subscription';

const M = billingApi.BILLING_API_MESSAGES;

export const addAddonToSubscriptionEndpoint = defineEndpoint(billingApi.addAddonToSubscription, async ({ body, headers }) => {
  const b = await workspaceForBilling(headers, body.userId, body.region, { ownerOnly: true });
  const errors: Array<{ addonId: string; error: string }> = [];
  try {
    const sub = await activeSubscription(b);
    const stripe = stripeClient();
    const currency = taxOf(b).currency;
    // A subscription's items share its billing interval: a yearly plan's add-ons are billed yearly.
    const cycle = sub.metadata?.billingCycle === 'yearly' ? 'yearly' : 'monthly';
    for (const addon of body.addons) {
      const invalid = validateAddonQuantity(addon.addonId, addon.quantity);
      if (invalid) {
        errors.push({ addonId: addon.addonId, error: invalid });
        continue;
      }
      try {
        const item = sub.items.data.find((i) => i.price.metadata?.addonKey === addon.addonId);
        if (item && addon.quantity === 0) await stripe.subscriptionItems.del(item.id, { proration_behavior: 'none' });
        else if (item) {
          // The item moves to the price the plan's add-on costs now (the one Modify Your Plan showed), should it
          // have been bought at another; the next cycle bills the new quantity at that price.
          const price = await catalogPrice('addon', addon.addonId, currency, cycle, sub.metadata?.planId);
          await stripe.subscriptionItems.update(item.id, { quantity: addon.quantity, ...(item.price.id === price ? {} : { price }), proration_behavior: 'none' });
        } else if (addon.quantity > 0) {
          await stripe.subscriptionItems.create(
            { subscription: sub.id, price: await catalogPrice('addon', addon.addonId, currency, cycle, sub.metadata?.planId), quantity: addon.quantity, proration_behavior: 'none' },
            { idempotencyKey: `addon-${sub.id}-${addon.addonId}-${addon.quantity}-${sub.items.data.length}` },
          );
        }
      } catch (error) {
        errors.push({ addonId: addon.addonId, error: stripeFailure(error, M.addonsUpdateFailed).message });
      }
    }
    await syncSubscription(databaseFor(b.region), b.uid, sub.id);
    return { body: { errors } };
  } catch (error) {
    throw stripeFailure(error, M.addonsUpdateFailed);
  }
});
