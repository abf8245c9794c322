// Auto-recharge on the workspace's own plan. The credit reservation reports the balance it left (credits.onBalance, from billing.balanceObservers);
// when it is below the threshold, one transaction on users/{uid}/private/billing decides whether this crossing
// fires (core's shouldAutoRecharge: enabled, paid plan, armed, within the month's limit) and disarms it, so however
// many chats cross at once one charge is made. The charge is off-session on the saved card with an idempotency key;
// its credits arrive through applyPayment (once), which re-arms when the balance is back above the threshold. A
// failure gives the month's allowance back and e-mails the owner.
import { billingApi, FREE_PLAN_ID, paths, REGIONS, shouldAutoRecharge, workspaceCreditsForUsd, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { databaseFor } from '../adapters/firestore';
import { sendMail } from '../adapters/mailer';
import { chargeWorkspace } from './payments';
import { defaultPaymentMethod } from './stripe-helpers';
import { billingOf, isPaidPlan, privateBillingPath, type WorkspaceBilling } from './billing-records';

const SETTINGS_TTL_MS = 5_000;
const settingsCache = new Map<string, { at: number; billing: WorkspaceBilling }>();
const running = new Set<Promise<unknown>>();

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const regionOfDb = (db: Firestore): Region | null => REGIONS.find((r) => databaseFor(r) === db) ?? null;

/** Forgets cached settings (after they change). */
export function forgetAutoRechargeSettings(uid: string): void {
  for (const key of settingsCache.keys()) if (key.endsWith(`|${uid}`)) settingsCache.delete(key);
}

async function settingsOf(db: Firestore, region: Region, uid: string, now: number): Promise<WorkspaceBilling> {
  const key = `${region}|${uid}`;
  const hit = settingsCache.get(key);
  if (hit && now - hit.at < SETTINGS_TTL_MS) return hit.billing;
  const billing = billingOf(uid, region, (await db.doc(paths.user(uid)).get()).data());
  if (settingsCache.size > 5000) settingsCache.clear();
  settingsCache.set(key, { at: now, billing });
  return billing;
}

/** Decides in a transaction whether this crossing fires; answers the recharge id, or null. */
async function claimRecharge(db: Firestore, uid: string, now: number): Promise<{ id: string; billing: WorkspaceBilling } | null> {
  const userRef = db.doc(paths.user(uid));
  const privRef = db.doc(privateBillingPath(uid));
  return db.runTransaction(async (tx) => {
    const [user, priv] = await Promise.all([tx.get(userRef), tx.get(privRef)]);
    const region = regionOfDb(db) ?? 'na';
    const billing = billingOf(uid, region, user.data());
    const month = monthOf(now);
    const state = (priv.get('autoRecharge') ?? {}) as { armed?: boolean; month?: string; chargedThisMonth?: number };
    const chargedThisMonth = state.month === month ? Number(state.chargedThisMonth ?? 0) : 0;
    const fire = shouldAutoRecharge({
      enabled: billing.autoRecharge.enabled, isFreePlan: !isPaidPlan(billing), threshold: billing.autoRecharge.threshold, amount: billing.autoRecharge.amount,
      monthlyLimit: billing.autoRecharge.monthlyLimit, balance: billing.loadTokens, armed: state.armed !== false, chargedThisMonth,
    });
    if (!fire) return null;
    const id = randomUUID();
    tx.set(privRef, { autoRecharge: { armed: false, month, chargedThisMonth: chargedThisMonth + billing.autoRecharge.amount, pending: { id, at: now } } }, { merge: true });
    return { id, billing };
  });
}

export async function notifyAutoRechargeFailure(db: Firestore, uid: string, reason: string): Promise<void> {
  const email = (await db.doc(paths.user(uid)).get()).get('email');
  if (typeof email !== 'string' || !email) return;
  try {
    await sendMail({
      to: [email],
      subject: 'Auto-recharge failed',
      html: `<p>We could not recharge your credits automatically: ${reason.replace(/[<>&"]/g, '')}</p><p>Please check your payment method on the Billing page.</p>`,
    });
  } catch (error) {
    console.error('[billing] auto-recharge failure e-mail not sent:', error instanceof Error ? error.message : 'unknown');
  }
}

async function failRecharge(db: Firestore, b: WorkspaceBilling, reason: string): Promise<void> {
  const ref = db.doc(privateBillingPath(b.uid));
  await db.runTransaction(async (tx) => {
    const priv = await tx.get(ref);
    const charged = Number(priv.get('autoRecharge.chargedThisMonth') ?? 0);
    tx.set(ref, { autoRecharge: { pending: null, chargedThisMonth: Math.max(0, charged - b.autoRecharge.amount), lastFailure: { at: Date.now(), message: reason } } }, { merge: true });
  });
  await notifyAutoRechargeFailure(db, b.uid, reason);
}

/** Runs a recharge when this balance crossed the threshold. */
export async function maybeAutoRecharge(db: Firestore, uid: string, balance: number, now = Date.now()): Promise<void> {
  const region = regionOfDb(db);
  if (!region) return;
  const cached = await settingsOf(db, region, uid, now);
  if (!cached.autoRecharge.enabled || cached.planId === FREE_PLAN_ID || !(balance < cached.autoRecharge.threshold)) return;
  const claim = await claimRecharge(db, uid, now);
  if (!claim) return;
  const b = claim.billing;
  const pm = b.customerId ? await defaultPaymentMethod(b.customerId).catch(() => null) : null;
  if (!pm) return failRecharge(db, b, billingApi.BILLING_API_MESSAGES.paymentMethodRequired);
  try {
    const pi = await chargeWorkspace(db, b, {
      usd: b.autoRecharge.amount, purpose: 'autorecharge', credits: workspaceCreditsForUsd(b.autoRecharge.amount), paymentMethod: pm.id, offSession: true,
      idempotencyKey: `autorecharge-${uid}-${claim.id}`,
    });
    if (pi.status !== 'succeeded') await failRecharge(db, b, `Payment ${pi.status}`);
  } catch (error) {
    await failRecharge(db, b, error instanceof Error ? error.message : 'Payment failed');
  }
}

/** Keeps a recharge started by a reservation until it ends, for settleAutoRecharges (errors logged). */
export function trackRecharge(work: Promise<unknown>): void {
  const p = work.catch((error: unknown) => console.error('[billing] auto-recharge:', error instanceof Error ? error.message : 'unknown'));
  running.add(p);
  void p.finally(() => running.delete(p));
}

/** The metering observer: fire and forget, errors logged. */
export function autoRechargeObserver(db: Firestore, ownerID: string, balance: number): void {
  trackRecharge(maybeAutoRecharge(db, ownerID, balance));
}

/** Tests and benches wait for recharges started by reservations. */
export async function settleAutoRecharges(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
