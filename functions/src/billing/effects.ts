// What a confirmed payment or a webhook changes in Firestore, always inside applyOnce's transaction, reading the
// balance before writing it: workspace credits (users/{uid}.loadTokens), the workspace's plan (v2StripeConfig), an
// org's credits and subscription (orgs/{id}), an agency's Connect state (users/{uid}.stripeConnect).
import { FREE_PLAN_ID, paths, pricingPlan, subscriptionLimits } from '@parley/core';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { privateBillingPath } from './billing-records';

const balanceOf = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Adds credits to the workspace; re-arms auto-recharge once the balance is back at or above its threshold. */
export function grantWorkspaceCredits(db: Firestore, uid: string, credits: number) {
  const userRef = db.doc(paths.user(uid));
  const privRef = db.doc(privateBillingPath(uid));
  return async (tx: Transaction) => {
    const [user, priv] = await Promise.all([tx.get(userRef), tx.get(privRef)]);
    const balance = balanceOf(user.get('loadTokens')) + credits;
    const granted = balanceOf(user.get('v2StripeConfig.creditsGranted')) + credits;
    tx.set(userRef, { loadTokens: balance, hasEverPaid: true, v2StripeConfig: { creditsGranted: granted } }, { merge: true });
    const threshold = balanceOf(user.get('internal.autochargeCreditThreshold'));
    if (balance >= threshold && priv.get('autoRecharge.armed') === false) tx.set(privRef, { autoRecharge: { armed: true, pending: null } }, { merge: true });
    else if (priv.exists) tx.set(privRef, { autoRecharge: { pending: null } }, { merge: true });
  };
}

/** The subscription's current state (read from Stripe, so late or replayed events write the latest truth). */
export function subscriptionState(sub: Stripe.Subscription) {
  const item = sub.items.data[0];
  const periodEnd = (item as unknown as { current_period_end?: number } | undefined)?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end ?? null;
  const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired';
  return {
    status: sub.status === 'canceled' ? 'canceled' : sub.status === 'incomplete' || sub.status === 'incomplete_expired' ? 'pending' : sub.status,
    ended,
    cancels: sub.cancel_at_period_end === true,
    cancelsAt: sub.cancel_at_period_end ? (sub.cancel_at ?? periodEnd) : null,
    nextBillingDate: periodEnd,
    startBillingDate: sub.start_date ?? null,
    addons: Object.fromEntries(sub.items.data.filter((i) => i.price.metadata?.addonKey).map((i) => [i.price.metadata.addonKey, i.quantity ?? 0])),
  };
}

/** When a Stripe object was read (sub-millisecond): the state read last is the newest one. */
export const readStamp = (): number => performance.timeOrigin + performance.now();

/**
 * The workspace's plan from its Stripe subscription as read at `readAt`; a canceled one downgrades to Free. A state
 * read before the one already written is skipped: two syncs racing (a webhook and the call that changed the
 * subscription) may commit in either order, the later read wins.
 */
export function applyWorkspaceSubscription(db: Firestore, uid: string, sub: Stripe.Subscription, readAt: number) {
  const userRef = db.doc(paths.user(uid));
  return async (tx: Transaction) => {
    const user = await tx.get(userRef);
    const syncedAt = user.get('v2StripeConfig.syncedAt');
    if (typeof syncedAt === 'number' && syncedAt > readAt && user.get('stripeSubscriptionId') === sub.id) return;
    const s = subscriptionState(sub);
    const current = user.get('stripeSubscriptionId');
    // An event of an older subscription must not overwrite the current one.
    if (typeof current === 'string' && current && current !== sub.id && s.ended) return;
    const planId = s.ended ? FREE_PLAN_ID : (sub.metadata?.planId ?? FREE_PLAN_ID);
    // What the plan and its add-ons unlock: the features the branding gate reads and the limits agents, seats,
    // clients, call lines and phone numbers are checked against (a new-pricing plan's own limits, else the free
    // defaults, raised by the add-ons; the free defaults once the subscription ended).
    const addons = s.ended ? {} : s.addons;
    const plan = pricingPlan(planId);
    const limits = subscriptionLimits(planId, addons);
    const addonFeatures = Object.entries(addons).filter(([, q]) => Number(q) > 0).map(([k]) => k);
    const features = [...(plan?.features ?? []), ...addonFeatures];
    const billingCycle = plan ? (sub.metadata?.billingCycle === 'yearly' ? 'yearly' : 'monthly') : null;
    const v2 = {
      subscriptionId: s.ended ? null : sub.id, status: s.status, planId, billingCycle, cancels: s.cancels, cancelsAt: s.cancelsAt,
      nextBillingDate: s.nextBillingDate, startBillingDate: s.startBillingDate, addons, features, limits, syncedAt: readAt,
    };
    const paid = s.status === 'active';
    // mergeFields: each listed field is replaced whole (a removed add-on disappears), the rest of the record stays.
    tx.set(userRef, { stripeSubscriptionId: s.ended ? null : sub.id, stripePlanId: planId, v2StripeConfig: v2, ...(paid ? { hasEverPaid: true } : {}) }, {
      mergeFields: ['stripeSubscriptionId', 'stripePlanId', ...Object.keys(v2).map((k) => `v2StripeConfig.${k}`), ...(paid ? ['hasEverPaid'] : [])],
    });
  };
}

/** Adds credits to an org (bought on its agency's connected account). */
/**
 * Adds credits to an org; like a workspace's, its auto-recharge is armed again once the balance is back at or above
 * its threshold (unless a recharge is in flight: that one re-arms itself when it settles).
 */
export function grantOrgCredits(db: Firestore, orgId: string, credits: number, extra: Record<string, unknown> = {}) {
  const ref = db.doc(paths.org(orgId));
  return async (tx: Transaction) => {
    const org = await tx.get(ref);
    if (!org.exists) return;
    const balance = balanceOf(org.get('loadTokens')) + credits;
    const threshold = balanceOf(org.get('internal.autochargeCreditThreshold') ?? org.get('threshold'));
    const recharge = org.get('internal.autoRecharge') as { armed?: boolean; pending?: unknown } | undefined;
    const rearm = recharge?.armed === false && !recharge.pending && balance >= threshold;
    tx.set(ref, { loadTokens: balance, ...extra, ...(rearm ? { internal: { autoRecharge: { armed: true } } } : {}) }, { merge: true });
  };
}

export function setOrgFields(ref: DocumentReference, fields: Record<string, unknown>) {
  return async (tx: Transaction) => {
    const org = await tx.get(ref);
    if (org.exists) tx.set(ref, fields, { merge: true });
  };
}

/** An agency's Connect account state, from account.updated. */
export function applyConnectAccount(db: Firestore, uid: string, account: Stripe.Account) {
  const ref = db.doc(paths.user(uid));
  return async (tx: Transaction) => {
    const user = await tx.get(ref);
    if (!user.exists || user.get('stripeConnect.accountId') !== account.id) return;
    tx.set(ref, { stripeConnect: { isConnected: account.charges_enabled === true && account.details_submitted === true, payouts_enabled: account.payouts_enabled === true } }, { merge: true });
  };
}
