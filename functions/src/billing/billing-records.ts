// Where billing state lives. The workspace record users/{uid} carries what the spec puts there (stripeCustomerId,
// stripeSubscriptionId, v2StripeConfig, internal.autocharge*, automaticBilling, stripeConnect, loadTokens): the rules
// keep every one of these functions-only. users/{uid}/private/billing holds the auto-recharge bookkeeping, and
// stripeEvents/{id} (functions-only) remembers every Stripe event and payment already applied.
import { FREE_PLAN_ID, paths, taxForCountry, type Region } from '@parley/core';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';

export const STRIPE_EVENTS = 'stripeEvents';
export const stripeEventPath = (id: string) => `${STRIPE_EVENTS}/${id}`;
export const privateBillingPath = (uid: string) => `${paths.user(uid)}/private/billing`;

export interface WorkspaceBilling {
  uid: string;
  region: Region;
  email: string | null;
  country: string;
  customerId: string | null;
  subscriptionId: string | null;
  planId: string;
  status: string;
  cancels: boolean;
  cancelsAt: number | null;
  nextBillingDate: number | null;
  loadTokens: number;
  creditsGranted: number;
  /** Once true, the workspace's currency stays (a Stripe customer cannot switch currency). */
  hasEverPaid: boolean;
  /** A new-pricing plan's billing cycle; null for the catalogue plans. */
  billingCycle: 'monthly' | 'yearly' | null;
  /** What the subscription gives (v2StripeConfig.limits); null without one. */
  limits: Record<string, number | 'infinity'> | null;
  autoRecharge: { enabled: boolean; threshold: number; amount: number; monthlyLimit: number };
}

const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const stringOr = <T extends string | null>(v: unknown, fallback: T): string | T => (typeof v === 'string' && v ? v : fallback);

/** The workspace's billing view of its record (defaults for a workspace that never paid). */
export function billingOf(uid: string, region: Region, d: DocumentData | undefined): WorkspaceBilling {
  const data = d ?? {};
  const v2 = (data.v2StripeConfig ?? {}) as DocumentData;
  const internal = (data.internal ?? {}) as DocumentData;
  // An incomplete (pending) subscription is no plan yet: only a paid one counts.
  const active = v2.status === 'active' || v2.status === 'trialing' || v2.status === 'past_due';
  return {
    uid,
    region,
    email: stringOr(data.email, null),
    country: stringOr(internal.countryCode, 'US').toUpperCase(),
    customerId: stringOr(data.stripeCustomerId, null),
    subscriptionId: active ? stringOr(data.stripeSubscriptionId, null) : null,
    planId: active ? stringOr(v2.planId, FREE_PLAN_ID) : FREE_PLAN_ID,
    status: stringOr(v2.status, FREE_PLAN_ID),
    cancels: v2.cancels === true,
    cancelsAt: typeof v2.cancelsAt === 'number' ? v2.cancelsAt : null,
    nextBillingDate: typeof v2.nextBillingDate === 'number' ? v2.nextBillingDate : null,
    loadTokens: numberOr(data.loadTokens, 0),
    creditsGranted: numberOr(v2.creditsGranted, 0),
    hasEverPaid: data.hasEverPaid === true,
    billingCycle: active && (v2.billingCycle === 'monthly' || v2.billingCycle === 'yearly') ? v2.billingCycle : null,
    limits: active && v2.limits && typeof v2.limits === 'object' ? (v2.limits as Record<string, number | 'infinity'>) : null,
    autoRecharge: {
      enabled: data.automaticBilling === true,
      threshold: numberOr(internal.autochargeCreditThreshold, 500),
      amount: numberOr(internal.autochargeCreditAmount, 5),
      monthlyLimit: numberOr(internal.monthlyChargeLimit, 100),
    },
  };
}

export async function readBilling(db: Firestore, uid: string, region: Region): Promise<WorkspaceBilling> {
  return billingOf(uid, region, (await db.doc(paths.user(uid)).get()).data());
}

export const isPaidPlan = (b: WorkspaceBilling): boolean => b.planId !== FREE_PLAN_ID && (b.status === 'active' || b.status === 'trialing' || b.status === 'past_due');
export const taxOf = (b: WorkspaceBilling) => ({ country: b.country, ...taxForCountry(b.country) });
