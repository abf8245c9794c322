// The workspace's subscription: finding it, writing its current state from Stripe (a transaction; the state is
// re-read, so writing it twice is harmless), and resolving discount codes.
import { billingApi } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { HttpError } from '../http/endpoint';
import { applyWorkspaceSubscription, readStamp } from './effects';
import { stripeClient } from './env';
import type { WorkspaceBilling } from './billing-records';

const M = billingApi.BILLING_API_MESSAGES;

export async function syncSubscription(db: Firestore, uid: string, subId: string): Promise<Stripe.Subscription> {
  const readAt = readStamp();
  const sub = await stripeClient().subscriptions.retrieve(subId);
  if (sub.metadata?.userId !== uid) throw new HttpError(403, M.workspaceUnavailable);
  await db.runTransaction(applyWorkspaceSubscription(db, uid, sub, readAt));
  return sub;
}

/** The active subscription, or 409 "You need an active subscription …". */
export async function activeSubscription(b: WorkspaceBilling, message: string = M.addonsNeedSubscription): Promise<Stripe.Subscription> {
  if (!b.subscriptionId) throw new HttpError(409, message);
  const sub = await stripeClient().subscriptions.retrieve(b.subscriptionId);
  if (sub.status !== 'active' && sub.status !== 'trialing' && sub.status !== 'past_due') throw new HttpError(409, message);
  return sub;
}

export interface ResolvedDiscount {
  promotionCode: string | null;
  coupon: Stripe.Coupon;
}

/** A promotion code (case-insensitive) or a coupon id; null when neither exists or is valid. */
export async function resolveDiscount(code: string): Promise<ResolvedDiscount | null> {
  const stripe = stripeClient();
  const promos = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
  const promo = promos.data[0];
  if (promo) {
    const ref = (promo as unknown as { promotion?: { coupon?: string | Stripe.Coupon } }).promotion?.coupon ?? (promo as unknown as { coupon?: string | Stripe.Coupon }).coupon;
    const coupon = typeof ref === 'string' ? await stripe.coupons.retrieve(ref) : ref;
    return coupon && coupon.valid ? { promotionCode: promo.id, coupon } : null;
  }
  try {
    const coupon = await stripe.coupons.retrieve(code);
    return coupon.valid ? { promotionCode: null, coupon } : null;
  } catch {
    return null;
  }
}
