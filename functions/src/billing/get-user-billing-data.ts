// POST /stripe/get-user-data: the customer, subscription and card from Stripe, and the Current Plan card (name,
// status, renewal, credits used/total, cancelling, USD balance) and auto-recharge settings from the workspace.
import { billingApi, CATALOGUE_PLANS } from '@parley/core';
import type Stripe from 'stripe';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';
import { taxOf } from './billing-records';

const M = billingApi.BILLING_API_MESSAGES;

export const getUserBillingDataEndpoint = defineEndpoint(billingApi.getUserBillingData, async ({ body, headers }) => {
  const b = await workspaceForBilling(headers, body.userId, body.region);
  const stripe = stripeClient();
  let customer: Stripe.Customer | null = null;
  let sub: Stripe.Subscription | null = null;
  try {
    if (b.customerId) {
      const c = await stripe.customers.retrieve(b.customerId, { expand: ['invoice_settings.default_payment_method'] });
      customer = (c as Stripe.DeletedCustomer).deleted ? null : (c as Stripe.Customer);
    }
    if (b.subscriptionId) sub = await stripe.subscriptions.retrieve(b.subscriptionId);
  } catch (error) {
    throw stripeFailure(error, M.loadFailed);
  }
  const pm = customer?.invoice_settings?.default_payment_method;
  const card = pm && typeof pm === 'object' && pm.card ? pm : null;
  const tax = taxOf(b);
  const plan = CATALOGUE_PLANS.find((p) => p.id === b.planId);
  const usdBalance = customer ? -Number(customer.balance ?? 0) / 100 : 0;
  return {
    body: {
      customer: customer ? { id: customer.id, email: customer.email ?? null, balance: Number(customer.balance ?? 0) } : null,
      subscriptions: sub ? [{ id: sub.id, status: sub.status, cancel_at_period_end: sub.cancel_at_period_end, current_period_end: b.nextBillingDate }] : [],
      paymentMethod: card
        ? {
          id: card.id,
          card: { brand: card.card!.brand, last4: card.card!.last4, exp_month: card.card!.exp_month, exp_year: card.card!.exp_year },
          billing_details: { name: card.billing_details?.name ?? null, email: card.billing_details?.email ?? null, phone: card.billing_details?.phone ?? null, address: card.billing_details?.address ? { line1: card.billing_details.address.line1 ?? '', line2: card.billing_details.address.line2, city: card.billing_details.address.city ?? '', state: card.billing_details.address.state, postal_code: card.billing_details.address.postal_code ?? '', country: card.billing_details.address.country ?? '' } : null },
          customer: customer?.id ?? null,
        }
        : null,
      internalKeyRef: b.uid,
      currency: tax.currency,
      subscriptionItems: (sub?.items.data ?? []).map((i) => ({ id: i.id, priceId: i.price.id, addonKey: i.price.metadata?.addonKey ?? null, quantity: i.quantity ?? 0 })),
      currentPlan: {
        name: plan?.id ?? b.planId,
        status: b.planId === 'free' ? ('free' as const) : (b.status as 'active'),
        renewalDate: b.cancels ? null : b.nextBillingDate,
        credits: { used: Math.max(0, b.creditsGranted - b.loadTokens), total: Math.max(b.creditsGranted, b.loadTokens) },
        cancels: b.cancels,
        cancelsAt: b.cancelsAt,
        usdBalance,
        billingCycle: b.billingCycle,
        limits: b.limits,
      },
      autoRecharge: b.autoRecharge,
      tax,
      currencyLocked: b.hasEverPaid || Boolean(customer?.currency),
    },
  };
});
