// POST /stripe/create-subscription: Pay-As-You-Go (the paid catalogue plan) with add-ons and a discount code, in the
// customer's currency with its tax, on the chosen or saved card. The subscription is created incomplete and its
// first invoice's PaymentIntent confirmed: succeeded → the plan turns active (and invoice.paid says so again);
// requires_action → the page runs 3-D Secure with the client secret, then confirm-subscription-payment; declined →
// the incomplete subscription is canceled and the card's message answered (402).
import { ADDON_KEYS, billingApi, CATALOGUE_PLANS, FREE_PLAN_ID, validateAddonQuantity } from '@parley/core';
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { stripeClient } from './env';
import { paymentAnswer } from './stripe-helpers';
import { catalogPrice, defaultPaymentMethod, ensureCustomer, stripeFailure, taxRateFor } from './stripe-helpers';
import { isPaidPlan, taxOf } from './store';
import { resolveDiscount, syncSubscription } from './subscription';

const M = billingApi.BILLING_API_MESSAGES;

/** The invoice's PaymentIntent id (new API: through payments; older: payment_intent). */
function invoicePaymentIntent(invoice: Stripe.Invoice | string | null): string | null {
  if (!invoice || typeof invoice === 'string') return null;
  const payment = invoice.payments?.data?.[0]?.payment?.payment_intent;
  const legacy = (invoice as unknown as { payment_intent?: string | { id: string } | null }).payment_intent;
  const ref = payment ?? legacy;
  return typeof ref === 'string' ? ref : (ref?.id ?? null);
}

export const createSubscriptionEndpoint = defineEndpoint(billingApi.createSubscription, async ({ body, headers }) => {
  const b = await workspaceForBilling(headers, body.userId, body.region, { ownerOnly: true });
  const plan = CATALOGUE_PLANS.find((p) => p.id === body.planId);
  if (!plan || plan.id === FREE_PLAN_ID || plan.id === 'enterprise') throw new HttpError(404, M.planNotFound);
  if (isPaidPlan(b) && b.subscriptionId) throw new HttpError(409, 'This workspace already has an active subscription.');
  for (const a of body.addonsToShow) {
    const error = validateAddonQuantity(a.addonKey, a.quantity);
    if (error) throw new HttpError(400, error);
  }
  const db = databaseFor(b.region);
  const stripe = stripeClient();
  const tax = taxOf(b);
  try {
    const discount = body.discountCode ? await resolveDiscount(body.discountCode) : null;
    if (body.discountCode && !discount) throw new HttpError(400, M.discountInvalid);
    const customerId = await ensureCustomer(db, b);
    const pmId = body.paymentMethodId ?? (await defaultPaymentMethod(customerId))?.id;
    if (!pmId) throw new HttpError(402, M.paymentMethodRequired);
    const items: Stripe.SubscriptionCreateParams.Item[] = [{ price: await catalogPrice('plan', plan.id, tax.currency), quantity: 1 }];
    for (const key of ADDON_KEYS) {
      const quantity = body.addonsToShow.find((a) => a.addonKey === key)?.quantity ?? 0;
      if (quantity > 0) items.push({ price: await catalogPrice('addon', key, tax.currency), quantity });
    }
    const taxRate = await taxRateFor(tax.taxPercent, tax.description);
    const fingerprint = createHash('sha256').update(JSON.stringify([plan.id, body.addonsToShow, body.discountCode ?? '', pmId])).digest('hex').slice(0, 16);
    const sub = await stripe.subscriptions.create(
      {
        customer: customerId,
        items,
        default_payment_method: pmId,
        payment_behavior: 'default_incomplete',
        ...(discount ? { discounts: [discount.promotionCode ? { promotion_code: discount.promotionCode } : { coupon: discount.coupon.id }] } : {}),
        ...(taxRate ? { default_tax_rates: [taxRate] } : {}),
        metadata: { userId: b.uid, region: b.region, planId: plan.id },
        expand: ['latest_invoice.payments'],
      },
      { idempotencyKey: `subscribe-${b.uid}-${body.requestId ?? fingerprint}` },
    );
    const invoice = sub.latest_invoice as Stripe.Invoice | null;
    const amountPaid = Number(invoice?.amount_due ?? 0) / 100;
    const net = Number(invoice?.subtotal ?? invoice?.amount_due ?? 0) / 100;
    const summary = { currency: tax.currency, net, tax: Math.round((amountPaid - net) * 100) / 100, total: amountPaid, description: tax.description };
    const piId = invoicePaymentIntent(invoice);
    let pi: Stripe.PaymentIntent | null = null;
    if (piId) {
      try {
        pi = await stripe.paymentIntents.confirm(piId, { payment_method: pmId }, { idempotencyKey: `subscribe-confirm-${piId}` });
      } catch (error) {
        await stripe.subscriptions.cancel(sub.id).catch(() => undefined);
        throw error;
      }
    }
    if (!pi || pi.status === 'succeeded') await syncSubscription(db, b.uid, sub.id);
    else if (pi.status !== 'requires_action') throw new HttpError(402, M.paymentFailedStatus(pi.status));
    return { body: { ...paymentAnswer(pi), subscriptionId: sub.id, transactionId: pi?.id ?? invoice?.id ?? null, amountPaid, tax: summary } };
  } catch (error) {
    throw stripeFailure(error, M.subscriptionFailed);
  }
});
