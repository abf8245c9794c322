// An org's auto-recharge on its agency's connected account: when the org's credits fall below its threshold
// (orgs/{id}.threshold, internal.autochargeCreditThreshold), one transaction on the org decides and disarms
// (internal.autoRecharge.armed), so concurrent spends make one charge, within the month's charge limit
// (internal.monthlyChargeLimit, USD; 0 = none; counted in internal.autoRecharge.{month, chargedThisMonth}); the charge
// is off-session on the org's card with the platform's fee (core's connectCreditSplit: the credits' base price plus
// 5 % of the markup) and an idempotency key, and its credits arrive once (applyOnce, keyed by the payment).
// Whatever lowers an org's credits calls maybeOrgAutoRecharge with the balance it left: the credit reservation does,
// through orgAutoRechargeObserver (billing.balanceObservers, handed to the credits), when an org with billing pays for an agent.
import { AUTO_RECHARGE_CONNECTED, billingApi, connectCreditSplit, creditsForUsd, paths, REGIONS, shouldAutoRecharge, toMinorUnits, type Region } from '@parley/core';
import { randomUUID } from 'node:crypto';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { connectOf } from './access';
import { trackRecharge } from './auto-recharge';
import { grantOrgCredits } from './effects';
import { stripeClient } from './env';
import { applyOnce } from './once';
import { paymentKey } from './payments';
import { defaultPaymentMethod } from './stripe-helpers';

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

function settingsOf(org: DocumentData) {
  const internal = (org.internal ?? {}) as DocumentData;
  return {
    enabled: org.automaticBilling === true || org.autocharge === true,
    threshold: num(internal.autochargeCreditThreshold, num(org.threshold, AUTO_RECHARGE_CONNECTED.threshold.default)),
    amount: num(internal.autochargeCreditAmount, num(org.autochargeAmount, AUTO_RECHARGE_CONNECTED.amount.default)),
    // Orgs saved before the limit existed get the default cap, as a new save would.
    monthlyLimit: num(internal.monthlyChargeLimit, AUTO_RECHARGE_CONNECTED.monthlyLimit.default),
    armed: (internal.autoRecharge as DocumentData | undefined)?.armed !== false,
  };
}

/** Charges the org's card once for this crossing; answers the PaymentIntent status, or null when nothing fired. */
export async function maybeOrgAutoRecharge(region: Region, orgId: string, balance: number): Promise<string | null> {
  const db = databaseFor(region);
  const ref = db.doc(paths.org(orgId));
  if (!Number.isFinite(balance)) return null;
  const claim = await db.runTransaction(async (tx) => {
    const org = (await tx.get(ref)).data();
    if (!org || org.allowBilling !== true || typeof org.stripeCustomerId !== 'string') return null;
    const s = settingsOf(org);
    const now = Date.now();
    const month = monthOf(now);
    const state = ((org.internal as DocumentData | undefined)?.autoRecharge ?? {}) as DocumentData;
    const chargedThisMonth = state.month === month ? num(state.chargedThisMonth, 0) : 0;
    // The stored balance decides (the caller's may be stale: a recharge may have landed meanwhile); the month's
    // limit is counted here, in the same transaction, so concurrent spends cannot pass it together.
    const fire = shouldAutoRecharge({
      enabled: s.enabled, isFreePlan: false, threshold: s.threshold, amount: s.amount, monthlyLimit: s.monthlyLimit,
      balance: num(org.loadTokens, 0), armed: s.armed, chargedThisMonth,
    });
    if (!fire) return null;
    const id = randomUUID();
    tx.set(ref, { internal: { autoRecharge: { armed: false, month, chargedThisMonth: chargedThisMonth + s.amount, pending: { id, at: now } } } }, { merge: true });
    return { id, org, s };
  });
  if (!claim) return null;
  const agency = connectOf(String(claim.org.ownerID ?? ''), region, (await db.doc(paths.user(String(claim.org.ownerID ?? ''))).get()).data());
  // After a recharge the next crossing may fire once the balance is back at the threshold; after a failure it stays
  // off (no retrying a failing card on every spend) until the settings are saved again.
  // A failure gives the month's allowance back (nothing was charged).
  const rearm = (failure?: string) =>
    db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const loadTokens = num(snap.get('loadTokens'), 0);
      const armed = !failure && loadTokens >= claim.s.threshold;
      const refund = failure ? { chargedThisMonth: Math.max(0, num(snap.get('internal.autoRecharge.chargedThisMonth'), 0) - claim.s.amount) } : {};
      tx.set(ref, { internal: { autoRecharge: { armed, pending: null, ...refund, ...(failure ? { lastFailure: { at: Date.now(), message: failure } } : {}) } } }, { merge: true });
    });
  if (!agency.accountId || !agency.isConnected) {
    await rearm('The agency has no connected Stripe account.');
    return null;
  }
  const stripeAccount = agency.accountId;
  const customer = claim.org.stripeCustomerId as string;
  const pm = await defaultPaymentMethod(customer, stripeAccount).catch(() => null);
  if (!pm) {
    await rearm('No payment method.');
    return null;
  }
  const credits = creditsForUsd(claim.s.amount, agency.usdPerToken);
  const split = connectCreditSplit(credits, toMinorUnits(claim.s.amount));
  if (!split) {
    await rearm(billingApi.BILLING_API_MESSAGES.priceBelowBase);
    return null;
  }
  const amount = split.charged;
  try {
    const pi = await stripeClient().paymentIntents.create(
      {
        amount, currency: 'usd', customer, payment_method: pm.id, confirm: true, off_session: true,
        application_fee_amount: split.applicationFee,
        description: `${credits} credits (auto-recharge)`,
        metadata: { parleyPurpose: 'org-credits', orgId, region, credits: String(credits) },
      },
      { stripeAccount, idempotencyKey: `org-autorecharge-${orgId}-${claim.id}` },
    );
    if (pi.status === 'succeeded') {
      await applyOnce(db, [paymentKey(pi.id)], grantOrgCredits(db, orgId, credits), { credits });
      await rearm();
    } else await rearm(`Payment ${pi.status}`);
    return pi.status;
  } catch (error) {
    await rearm(error instanceof Error ? error.message : 'Payment failed');
    return 'failed';
  }
}

// ---------------------------------------------------------------- the metering hook

const SETTINGS_TTL_MS = 5_000;
const settingsCache = new Map<string, { at: number; settings: ReturnType<typeof settingsOf> | null }>();

/**
 * The org's settings as a warm instance last read them (5 s): a spend that leaves the balance at or above the
 * threshold, or with auto-recharge off or disarmed, costs no read and no transaction (the transaction would hold the
 * org's document the next reservation writes). A crossing forgets them, so what the recharge changed is read again.
 */
async function cachedSettings(db: Firestore, region: Region, orgId: string, now: number) {
  const key = `${region}|${orgId}`;
  const hit = settingsCache.get(key);
  if (hit && now - hit.at < SETTINGS_TTL_MS) return hit.settings;
  const org = (await db.doc(paths.org(orgId)).get()).data();
  const settings = org && org.allowBilling === true ? settingsOf(org) : null;
  if (settingsCache.size > 5000) settingsCache.clear();
  settingsCache.set(key, { at: now, settings });
  return settings;
}

/** Forgets an org's cached settings (after they are saved). */
export function forgetOrgAutoRechargeSettings(orgId: string): void {
  for (const key of settingsCache.keys()) if (key.endsWith(`|${orgId}`)) settingsCache.delete(key);
}

/** The metering observer for orgs that pay: fire and forget, errors logged; tests wait with settleAutoRecharges. */
export function orgAutoRechargeObserver(db: Firestore, orgId: string, balance: number): void {
  const region = REGIONS.find((r) => databaseFor(r) === db);
  if (!region) return;
  trackRecharge(
    (async () => {
      const s = await cachedSettings(db, region, orgId, Date.now());
      if (!s || !s.enabled || !s.armed || !(balance < s.threshold)) return;
      forgetOrgAutoRechargeSettings(orgId);
      await maybeOrgAutoRecharge(region, orgId, balance);
    })(),
  );
}
