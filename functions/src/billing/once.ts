// Exactly once: every Stripe event and every payment is applied in one Firestore transaction together with the
// record that it was (stripeEvents/{id}). A replayed event, or a payment seen both by the call that confirmed it
// and by its webhook, finds its record and changes nothing. Effects read everything first, then write.
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { stripeEventPath } from './billing-records';

/** Reads (first) and writes of one effect inside the transaction. */
export type Effect = (tx: Transaction) => Promise<void>;

/**
 * Applies `effect` unless one of `keys` (an event id, a payment intent id …) was applied before; records every key.
 * Returns false when it had already been applied.
 */
export async function applyOnce(db: Firestore, keys: string[], effect: Effect | null, note: Record<string, unknown> = {}): Promise<boolean> {
  const refs = [...new Set(keys)].map((k) => db.doc(stripeEventPath(k)));
  return db.runTransaction(async (tx) => {
    const seen = await Promise.all(refs.map((ref) => tx.get(ref)));
    const primary = seen[0]!;
    if (primary.exists) return false;
    const effectApplied = seen.slice(1).some((s) => s.exists);
    if (effect && !effectApplied) await effect(tx);
    for (const ref of refs) tx.set(ref, { at: FieldValue.serverTimestamp(), ...note, ...(effectApplied ? { effect: 'already-applied' } : {}) }, { merge: true });
    return !effectApplied;
  });
}
