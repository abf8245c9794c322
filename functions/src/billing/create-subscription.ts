// POST /stripe/create-subscription: Pay-As-You-Go (the paid catalogue plan) or a new-pricing plan (starter, pro,
// agency; monthly or yearly) with add-ons and a discount code, in the customer's currency with its tax, on the chosen
// or saved card. A workspace that never paid takes its country (so its currency and tax) from the card's billing
// address first; once it has paid, its currency stays. The subscription is created incomplete and its
// first invoice's PaymentIntent confirmed: succeeded → the plan turns active (and invoice.paid says so again);
// requires_action → the page runs 3-D Secure with the client secret, then confirm-subscription-payment; declined →
// the incomplete subscription is canceled and the card's message answered (402).
import { ADDON_KEYS, billingApi, CATALOGUE_PLANS, currencyForCountry, FREE_PLAN_ID, paths, pricingPlan, validateAddonQuantity } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { stripeClient } from './env';
import { paymentAnswer } from './stripe-helpers';
import { catalogPrice, defaultPaymentMethod, ensureCustomer, stripeFailure, taxRateFor } from './stripe-helpers';
import { isPaidPlan, taxOf, type WorkspaceBilling } from './billing-records';
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

/**
 * A workspace that never paid is priced by its card's billing-address country: stored as internal.countryCode (and
 * on the Stripe customer) before anything is charged. A paid one keeps its country, so its currency, and so does one
 * whose Stripe customer already has a currency of its own (Stripe refuses a second currency on a customer).
 */
async function adoptCardCountry(db: Firestore, b: WorkspaceBilling, customerId: string, pmId: string): Promise<void> {
  if (b.hasEverPaid) return;
  const stripe = stripeClient();
  const pm = await stripe.paymentMethods.retrieve(pmId);
  const country = pm.billing_details?.address?.country?.trim().toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country) || country === b.country) return;
  const customer = await stripe.customers.retrieve(customerId);
  const locked = 'currency' in customer ? customer.currency : null;
  if (locked && locked.toUpperCase() !== currencyForCountry(country)) return;
  await db.doc(paths.user(b.uid)).update({ 'internal.countryCode': country });
  await stripe.customers.update(customerId, { address: { country } });
  b.country = country;
}

export const createSubscriptionEndpoint = defineEndpoint(billingApi.createSubscription, async ({ body, headers }) => {
  const b = await workspaceForBilling(headers, body.userId, body.region, { ownerOnly: true });
  const newPricing = pricingPlan(body.planId);
  const catalogue = CATALOGUE_PLANS.find((p) => p.id === body.planId);
  if (!newPricing && (!catalogue || catalogue.id === FREE_PLAN_ID || catalogue.id === 'enterprise')) throw new HttpError(404, M.planNotFound);
  const planId = newPricing?.key ?? catalogue!.id;
  // Catalogue plans bill monthly; only the new pricing offers yearly.
  if (!newPricing && body.billingCycle !== 'monthly') throw new HttpError(404, M.planNotFound);
  const cycle = body.billingCycle;
  if (isPaidPlan(b) && b.subscriptionId) throw new HttpError(409, 'This workspace already has an active subscription.');
  for (const a of body.addonsToShow) {
    const error = validateAddonQuantity(a.addonKey, a.quantity);
    if (error) throw new HttpError(400, error);
  }
  const db = databaseFor(b.region);
  const stripe = stripeClient();
  try {
    const discount = body.discountCode ? await resolveDiscount(body.discountCode) : null;
    if (body.discountCode && !discount) throw new HttpError(400, M.discountInvalid);
    const customerId = await ensureCustomer(db, b);
    const pmId = body.paymentMethodId ?? (await defaultPaymentMethod(customerId))?.id;
    if (!pmId) throw new HttpError(402, M.paymentMethodRequired);
    await adoptCardCountry(db, b, customerId, pmId);
    const tax = taxOf(b);
    const items: Stripe.SubscriptionCreateParams.Item[] = [{ price: await catalogPrice('plan', planId, tax.currency, cycle), quantity: 1 }];
    for (const key of ADDON_KEYS) {
      const quantity = body.addonsToShow.find((a) => a.addonKey === key)?.quantity ?? 0;
      if (quantity > 0) items.push({ price: await catalogPrice('addon', key, tax.currency, cycle, planId), quantity });
    }
    const taxRate = await taxRateFor(tax.taxPercent, tax.description);
    const fingerprint = createHash('sha256').update(JSON.stringify([planId, cycle, body.addonsToShow, body.discountCode ?? '', pmId])).digest('hex').slice(0, 16);
    const sub = await stripe.subscriptions.create(
      {
        customer: customerId,
        items,
        default_payment_method: pmId,
        payment_behavior: 'default_incomplete',
        ...(discount ? { discounts: [discount.promotionCode ? { promotion_code: discount.promotionCode } : { coupon: discount.coupon.id }] } : {}),
        ...(taxRate ? { default_tax_rates: [taxRate] } : {}),
        metadata: { userId: b.uid, region: b.region, planId, billingCycle: cycle },
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
