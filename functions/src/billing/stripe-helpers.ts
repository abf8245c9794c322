// Small Stripe building blocks: the workspace's customer (created once), catalogue prices by lookup key (created
// once per plan/add-on and currency), tax rates, and Stripe errors turned into answers a user can read.
import {
  ADDON_NAMES, billingApi, CATALOGUE_PLANS, paths, planMonthlyPrice, pricingPlan, pricingPlanPrice, subscriptionAddonPrice, toMinorUnits, usesNewPricingAddonPrice, type AddonKey,
  type BillingCycle, type Currency,
} from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { HttpError } from '../http/endpoint';
import { stripeClient } from './env';
import type { WorkspaceBilling } from './billing-records';

const M = billingApi.BILLING_API_MESSAGES;

/** The workspace's Stripe customer: the stored one, or one created (idempotently: two calls at once make one). */
export async function ensureCustomer(db: Firestore, b: WorkspaceBilling, email?: string | null): Promise<string> {
  if (b.customerId) return b.customerId;
  const stripe = stripeClient();
  const customer = await stripe.customers.create(
    { email: email ?? b.email ?? undefined, metadata: { userId: b.uid, region: b.region }, address: { country: b.country } },
    { idempotencyKey: `customer-${b.region}-${b.uid}` },
  );
  await db.doc(paths.user(b.uid)).set({ stripeCustomerId: customer.id }, { merge: true });
  b.customerId = customer.id;
  return customer.id;
}

/** The customer's default card id, or null. */
export async function defaultPaymentMethod(customerId: string, stripeAccount?: string): Promise<Stripe.PaymentMethod | null> {
  const stripe = stripeClient();
  const customer = await stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }, stripeAccount ? { stripeAccount } : undefined);
  if ((customer as Stripe.DeletedCustomer).deleted) return null;
  const pm = (customer as Stripe.Customer).invoice_settings?.default_payment_method;
  return pm && typeof pm === 'object' ? pm : null;
}

const priceCache = new Map<string, string>();

/**
 * A recurring price for a plan (catalogue or new pricing) or add-on in a currency and billing cycle, found by lookup
 * key (parley_{plan|addon}_{key}_{currency}_{cycle}) or created once. Catalogue plans are monthly only. An add-on on
 * a new-pricing plan (planId) has its own price from the new pricing's add-on table, under its own lookup key
 * (parley_addon_{key}_newpricing_{currency}_{cycle}) so the catalogue price of the same add-on stays as it is.
 */
export async function catalogPrice(kind: 'plan' | 'addon', key: string, currency: Currency, cycle: BillingCycle = 'monthly', planId?: string | null): Promise<string> {
  const newPricingAddon = kind === 'addon' && usesNewPricingAddonPrice(planId, key as AddonKey);
  const lookupKey = `parley_${kind}_${key}${newPricingAddon ? '_newpricing' : ''}_${currency.toLowerCase()}_${cycle}`;
  const cached = priceCache.get(`${process.env.STRIPE_API_BASE ?? ''}|${lookupKey}`);
  if (cached) return cached;
  const stripe = stripeClient();
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  let id = found.data[0]?.id;
  if (!id) {
    const newPricing = kind === 'plan' ? pricingPlan(key) : null;
    const amount = newPricing ? pricingPlanPrice(newPricing.key, cycle, currency) : kind === 'plan' ? (cycle === 'monthly' ? planMonthlyPrice(key, currency) : null) : subscriptionAddonPrice(planId, key as AddonKey, cycle, currency);
    if (amount === null) throw new HttpError(404, M.planNotFound);
    const name = newPricing ? newPricing.name : kind === 'plan' ? (CATALOGUE_PLANS.find((p) => p.id === key)?.label ?? key) : ADDON_NAMES[key as AddonKey];
    const product = await stripe.products.create({ name, metadata: { [kind === 'plan' ? 'planId' : 'addonKey']: key } }, { idempotencyKey: `product-${lookupKey}` });
    const price = await stripe.prices.create(
      {
        product: product.id, unit_amount: toMinorUnits(amount), currency: currency.toLowerCase(), recurring: { interval: cycle === 'yearly' ? 'year' : 'month' }, lookup_key: lookupKey,
        metadata: { [kind === 'plan' ? 'planId' : 'addonKey']: key, billingCycle: cycle, ...(newPricingAddon ? { pricing: 'new' } : {}) },
      },
      { idempotencyKey: `price-${lookupKey}` },
    );
    id = price.id;
  }
  priceCache.set(`${process.env.STRIPE_API_BASE ?? ''}|${lookupKey}`, id);
  return id;
}

const taxCache = new Map<string, string>();
/** An exclusive tax rate for the country's tax (EU 27 %, GB 35 %); none for 0 %. */
export async function taxRateFor(percent: number, description: string): Promise<string | null> {
  if (percent <= 0) return null;
  const key = `${process.env.STRIPE_API_BASE ?? ''}|${description}`;
  const cached = taxCache.get(key);
  if (cached) return cached;
  const rate = await stripeClient().taxRates.create({ percentage: percent, display_name: description, inclusive: false }, { idempotencyKey: `tax-${description}` });
  taxCache.set(key, rate.id);
  return rate.id;
}

/** A Stripe failure as an answer: card errors 402 with Stripe's text (never card data), others 502. */
export function stripeFailure(error: unknown, fallback: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new HttpError(402, error.message || M.cardDeclined);
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return new HttpError(404, fallback);
  console.error('[billing] stripe error:', error instanceof Error ? `${error.name}: ${error.message}` : 'unknown');
  return new HttpError(502, fallback);
}

/** What the page needs of a PaymentIntent. */
export function paymentAnswer(pi: Stripe.PaymentIntent | null) {
  return {
    status: pi?.status ?? 'succeeded',
    requiresAction: pi?.status === 'requires_action',
    clientSecret: pi?.status === 'requires_action' ? (pi.client_secret ?? null) : null,
    paymentIntentId: pi?.id ?? null,
  };
}
