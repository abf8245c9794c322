// POST /stripe/check-addon-status: which add-ons the subscription has, with their quantities.
import { billingApi } from '@parley/core';
import type Stripe from 'stripe';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

export const checkAddonStatusEndpoint = defineEndpoint(billingApi.checkAddonStatus, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region);
  let sub: Stripe.Subscription | null = null;
  try {
    if (b.subscriptionId) sub = await stripeClient().subscriptions.retrieve(b.subscriptionId);
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.addonsLoadFailed);
  }
  const active = !!sub && (sub.status === 'active' || sub.status === 'trialing');
  const quantities = new Map((sub?.items.data ?? []).filter((i) => i.price.metadata?.addonKey).map((i) => [i.price.metadata.addonKey!, i.quantity ?? 0]));
  return {
    body: { hasSubscription: active, addons: body.addonKeys.map((addonKey) => ({ addonKey, hasAddon: (quantities.get(addonKey) ?? 0) > 0, quantity: quantities.get(addonKey) ?? 0 })) },
  };
});
