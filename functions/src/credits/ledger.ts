// The balance document of whoever pays, as this instance knows it, and the conditional write every credit operation
// commits through (credits/reservation.ts, credits/settlement.ts).
import { paths } from '@parley/core';
import { FieldValue, type Firestore, type Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { balanceOf } from './balances';

/** Writes whose precondition failed (others changed the balance meanwhile) are retried this often, then 429. */
export const ATTEMPTS = 8;

// ---------------------------------------------------------------- one payer at a time, and what it holds
// Keyed by the balance document's path: users/{ownerID}, or orgs/{orgId} when an org pays.

export interface Known {
  balance: number;
  /** The balance document's update time; null when it does not exist. */
  updateTime: Timestamp | null;
}

const knownBalances = new WeakMap<Firestore, Map<string, Known>>();

/** The balance document of whoever pays. */
export const payerPath = (ownerID: string, orgId: string | undefined): string => (orgId ? paths.org(orgId) : paths.user(ownerID));


export function knownOf(db: Firestore): Map<string, Known> {
  let map = knownBalances.get(db);
  if (!map) knownBalances.set(db, (map = new Map()));
  return map;
}

export async function readKnown(db: Firestore, payer: string): Promise<Known> {
  const snap = await db.doc(payer).get();
  const known = { balance: balanceOf(snap.get('loadTokens')), updateTime: snap.exists ? (snap.updateTime ?? null) : null };
  knownOf(db).set(payer, known);
  return known;
}

const isPreconditionFailure = (error: unknown): boolean => (error as { code?: unknown }).code === 9;

/**
 * Commits `batch` with the balance changed by `delta`: conditional on the known update time when the instance knows
 * the balance (then it knows the new one too); otherwise, or when the condition fails, a plain increment after which
 * the balance is unknown. Returns false when a conditional write found the balance changed.
 */
export async function commitWithBalance(db: Firestore, payer: string, build: (batch: WriteBatch) => void, delta: number, conditional: Known | null): Promise<boolean> {
  const userRef = db.doc(payer);
  const batch = db.batch();
  if (delta !== 0) {
    if (conditional?.updateTime) batch.update(userRef, { loadTokens: FieldValue.increment(delta) }, { lastUpdateTime: conditional.updateTime });
    else batch.set(userRef, { loadTokens: FieldValue.increment(delta) }, { merge: true });
  }
  build(batch);
  try {
    const results = await batch.commit();
    if (delta === 0) return true;
    if (conditional?.updateTime) knownOf(db).set(payer, { balance: conditional.balance + delta, updateTime: results[0]!.writeTime });
    else knownOf(db).delete(payer);
    return true;
  } catch (error) {
    if (!conditional || !isPreconditionFailure(error)) throw error;
    knownOf(db).delete(payer);
    return false;
  }
}
