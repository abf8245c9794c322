// One-off charges on the workspace's saved card: credit purchases, auto-recharges and USD top-ups. The amount is the
// USD price in the customer's currency plus its tax. What a charge buys is applied only once Stripe says it
// succeeded — here when the confirmation succeeds at once, or by the payment_intent.succeeded webhook (after
// 3-D Secure) — and exactly once either way (applyOnce keyed by the PaymentIntent).
import { priceWithTax, toMinorUnits } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { grantWorkspaceCredits } from './effects';
import { stripeClient } from './env';
import { applyOnce } from './once';
import { taxOf, type WorkspaceBilling } from './billing-records';

export type Purpose = 'credits' | 'autorecharge' | 'topup';

export const paymentKey = (piId: string) => `pay_${piId}`;

export function chargeSummary(b: WorkspaceBilling, usd: number) {
  const t = taxOf(b);
  const p = priceWithTax(usd, b.country);
  return { currency: t.currency, net: p.net, tax: p.tax, total: p.total, description: p.description };
}

/** Applies what a succeeded PaymentIntent bought (no-op when already applied). */
export async function applyPayment(db: Firestore, pi: Stripe.PaymentIntent, eventId?: string): Promise<boolean> {
  const md = pi.metadata ?? {};
  const keys = [...(eventId ? [eventId] : []), paymentKey(pi.id)];
  if (pi.status !== 'succeeded' || !md.userId) return applyOnce(db, keys, null);
  if (md.parleyPurpose === 'topup') {
    // The customer's USD balance lives at Stripe (negative = credit); the idempotency key makes this once.
    await stripeClient().customers.createBalanceTransaction(
      String(pi.customer),
      { amount: -Number(md.usdCents ?? 0), currency: 'usd', description: 'Balance top-up', metadata: { paymentIntent: pi.id } },
      { idempotencyKey: `topup-${pi.id}` },
    );
    return applyOnce(db, keys, null);
  }
  const credits = Number(md.credits ?? 0);
  if (!(credits > 0)) return applyOnce(db, keys, null);
  return applyOnce(db, keys, grantWorkspaceCredits(db, md.userId, credits), { purpose: md.parleyPurpose, credits });
}

/**
 * Charges the saved card. `idempotencyKey` makes a retried request the same charge. Throws Stripe's card errors
 * (declined, authentication_required off-session). Answers the PaymentIntent (requires_action when 3-D Secure is due).
 */
export async function chargeWorkspace(
  db: Firestore,
  b: WorkspaceBilling,
  input: { usd: number; purpose: Purpose; credits?: number; paymentMethod: string; offSession: boolean; idempotencyKey: string },
): Promise<Stripe.PaymentIntent> {
  const summary = chargeSummary(b, input.usd);
  const pi = await stripeClient().paymentIntents.create(
    {
      amount: toMinorUnits(summary.total),
      currency: summary.currency.toLowerCase(),
      customer: b.customerId!,
      payment_method: input.paymentMethod,
      confirm: true,
      off_session: input.offSession,
      description: input.purpose === 'topup' ? 'Balance top-up' : `${input.credits} credits`,
      metadata: {
        parleyPurpose: input.purpose, userId: b.uid, region: b.region, credits: String(input.credits ?? 0), usdCents: String(toMinorUnits(input.usd)),
        net: String(summary.net), tax: String(summary.tax),
      },
    },
    { idempotencyKey: input.idempotencyKey },
  );
  if (pi.status === 'succeeded') await applyPayment(db, pi);
  return pi;
}
