// POST /stripe/webhook (the platform's events) and POST /stripe/connect/webhook (connected accounts' events):
// verified with stripe.webhooks.constructEvent on the raw body (a bad or missing signature → 400, nothing read or
// written); each event applied once, keyed by its id, in the transaction that applies its effect (once.ts).
// Subscriptions are re-read from Stripe, so an event that arrives late or twice writes the latest state, not an
// older one. Unknown event types are recorded and acknowledged. Connect payments add an org's credits only when the
// platform's fee on them covers those credits' base price (connect-credit-check.ts).
import { billingApi, isRegion, paths, type Region } from '@parley/core';
import type Stripe from 'stripe';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { sendWorkspaceEvent, type RaisesEvents } from '../events';
import type { RateLimits } from '../rate-limits';
import { applyConnectAccount, applyWorkspaceSubscription, grantOrgCredits, readStamp, setOrgFields } from './effects';
import { paysPlatformForCredits } from './connect-credit-check';
import { connectWebhookSecret, stripeClient, webhookSecret } from './env';
import { applyOnce } from './once';
import { applyPayment, paymentKey } from './payments';

const M = billingApi.BILLING_API_MESSAGES;
const WEBHOOK_RULE = { name: 'stripe-webhook-ip', limit: 1200, windowMs: 60_000 };
const BAD_SIGNATURE_RULE = { name: 'stripe-webhook-bad-signature-ip', limit: 30, windowMs: 10 * 60_000 };

async function verify(rawBody: Buffer, header: string | string[] | undefined, secret: string, ip: string, limits: RateLimits): Promise<Stripe.Event> {
  await limits.enforce({ rule: WEBHOOK_RULE, key: ip });
  await limits.enforceNotExhausted(BAD_SIGNATURE_RULE, ip);
  if (!secret || typeof header !== 'string' || !header) {
    await limits.recordFailure(BAD_SIGNATURE_RULE, ip);
    throw new HttpError(400, M.badSignature);
  }
  try {
    return stripeClient().webhooks.constructEvent(rawBody, header, secret);
  } catch {
    await limits.recordFailure(BAD_SIGNATURE_RULE, ip);
    throw new HttpError(400, M.badSignature);
  }
}

const regionOf = (v: unknown): Region => (isRegion(v) ? v : 'na');
const subscriptionIdOf = (invoice: Stripe.Invoice): string | null => {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const id = fromParent ?? legacy;
  return typeof id === 'string' ? id : (id?.id ?? null);
};

/** The platform's events (subscription changes told on the composition's events). Returns whether the event was already processed. */
export async function processPlatformEvent(deps: RaisesEvents, event: Stripe.Event): Promise<boolean> {
  const stripe = stripeClient();
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const db = databaseFor(regionOf(pi.metadata?.region));
      return !(await applyPayment(db, pi, event.id));
    }
    // Off-session charges (auto-recharge) learn their failure from the confirmation itself (auto-recharge.ts);
    // on-session ones from the page. The event is recorded only.
    case 'invoice.paid':
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subId = event.type === 'invoice.paid' ? subscriptionIdOf(event.data.object) : event.data.object.id;
      if (!subId) return !(await applyOnce(databaseFor('na'), [event.id], null));
      const readAt = readStamp();
      const sub = await stripe.subscriptions.retrieve(subId);
      const uid = sub.metadata?.userId;
      const db = databaseFor(regionOf(sub.metadata?.region));
      if (!uid) return !(await applyOnce(db, [event.id], null));
      const applied = await applyOnce(db, [event.id], applyWorkspaceSubscription(db, uid, sub, readAt), { type: event.type });
      // The workspace's own systems hear of the change once (a replayed Stripe event is applied, and told, once).
      if (applied && event.type !== 'invoice.paid') {
        void sendWorkspaceEvent(deps, db, uid, 'subscription.changed', { subscriptionId: sub.id, status: sub.status, priceId: sub.items.data[0]?.price.id ?? null, change: event.type.split('.').pop() });
      }
      return !applied;
    }
    default:
      return !(await applyOnce(databaseFor('na'), [event.id], null, { type: event.type, ignored: true }));
  }
}

/** Connected accounts' events (event.account is the agency's account). */
export async function processConnectEvent(event: Stripe.Event): Promise<boolean> {
  const stripe = stripeClient();
  const stripeAccount = event.account;
  switch (event.type) {
    case 'account.updated': {
      const account = event.data.object;
      const fresh = await stripe.accounts.retrieve(account.id);
      const db = databaseFor(regionOf(fresh.metadata?.region));
      const uid = fresh.metadata?.userId;
      if (!uid) return !(await applyOnce(db, [event.id], null));
      return !(await applyOnce(db, [event.id], applyConnectAccount(db, uid, fresh), { type: event.type }));
    }
    case 'checkout.session.completed': {
      const session = event.data.object;
      const orgId = session.metadata?.orgId;
      const db = databaseFor(regionOf(session.metadata?.region));
      if (!orgId) return !(await applyOnce(db, [event.id], null));
      const subscription = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
      return !(await applyOnce(db, [event.id], setOrgFields(db.doc(paths.org(orgId)), {
        stripeCustomerId: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
        ...(subscription ? { subscription: { id: subscription, status: 'active', priceId: session.metadata?.priceId ?? null } } : {}),
      })));
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subId = subscriptionIdOf(invoice);
      if (!subId || !stripeAccount) return !(await applyOnce(databaseFor('na'), [event.id], null));
      const sub = await stripe.subscriptions.retrieve(subId, {}, { stripeAccount });
      const orgId = sub.metadata?.orgId;
      const credits = Number(sub.metadata?.credits ?? 0);
      const db = databaseFor(regionOf(sub.metadata?.region));
      if (!orgId || !(credits > 0)) return !(await applyOnce(db, [event.id], null));
      // The fee Stripe took on this invoice is on the PaymentIntent that paid it (invoice payments come only on request).
      const fresh = await stripe.invoices.retrieve(invoice.id!, { expand: ['payments'] }, { stripeAccount });
      const payment = fresh.payments?.data.find((p) => p.status === 'paid')?.payment.payment_intent;
      const pi = typeof payment === 'string' ? await stripe.paymentIntents.retrieve(payment, {}, { stripeAccount }) : payment;
      const paid = { orgId, stripeAccount, credits, charged: fresh.amount_paid, currency: fresh.currency, applicationFee: pi?.application_fee_amount };
      if (!(await paysPlatformForCredits(db, paid))) return !(await applyOnce(db, [event.id], null, { type: event.type, refused: 'below the platform price' }));
      // Each paid invoice of an org's plan adds the plan's credits.
      return !(await applyOnce(db, [event.id, `inv_${invoice.id}`], grantOrgCredits(db, orgId, credits), { type: event.type, credits }));
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      if (!stripeAccount) return !(await applyOnce(databaseFor('na'), [event.id], null));
      const sub = await stripe.subscriptions.retrieve(event.data.object.id, {}, { stripeAccount });
      const orgId = sub.metadata?.orgId;
      const db = databaseFor(regionOf(sub.metadata?.region));
      if (!orgId) return !(await applyOnce(db, [event.id], null));
      return !(await applyOnce(db, [event.id], setOrgFields(db.doc(paths.org(orgId)), {
        subscription: { id: sub.id, status: sub.status, priceId: sub.items.data[0]?.price.id ?? null, cancelAtPeriodEnd: sub.cancel_at_period_end },
      })));
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const orgId = pi.metadata?.orgId;
      const credits = Number(pi.metadata?.credits ?? 0);
      const db = databaseFor(regionOf(pi.metadata?.region));
      if (pi.metadata?.parleyPurpose !== 'org-credits' || !orgId || !(credits > 0)) return !(await applyOnce(db, [event.id], null));
      const paid = { orgId, stripeAccount, credits, charged: pi.amount_received || pi.amount, currency: pi.currency, applicationFee: pi.application_fee_amount };
      if (!(await paysPlatformForCredits(db, paid))) return !(await applyOnce(db, [event.id], null, { type: event.type, refused: 'below the platform price' }));
      return !(await applyOnce(db, [event.id, paymentKey(pi.id)], grantOrgCredits(db, orgId, credits), { type: event.type, credits }));
    }
    default:
      return !(await applyOnce(databaseFor('na'), [event.id], null, { type: event.type, ignored: true }));
  }
}

export const stripeWebhookEndpoint = (deps: RaisesEvents) => defineEndpoint(billingApi.stripeWebhook, async ({ rawBody, headers, ip, limits }) => {
  const event = await verify(rawBody, headers['stripe-signature'], webhookSecret(), ip, limits);
  if (event.account) throw new HttpError(400, 'Connected account events go to /stripe/connect/webhook.');
  const duplicate = await processPlatformEvent(deps, event);
  return { body: { received: true, duplicate } };
});

export const stripeConnectWebhookEndpoint = defineEndpoint(billingApi.stripeConnectWebhook, async ({ rawBody, headers, ip, limits }) => {
  const event = await verify(rawBody, headers['stripe-signature'], connectWebhookSecret(), ip, limits);
  const duplicate = await processConnectEvent(event);
  return { body: { received: true, duplicate } };
});

