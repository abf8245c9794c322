// Test and bench wiring: the shared rate limits of one instance, with a reset that forgets every counter (in
// Firestore and in the instance's memory), so each test case starts from no history. Only imported by tests and
// benches.
import { COLLECTIONS } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../src/adapters/firestore';
import type { RateLimits } from '../src/rate-limits/rate-limits';
import { sharedRateLimits } from '../src/rate-limits/shared-counter';

/**
 * The instant every test instance counts at. A sliding window lets a burst that straddles a window boundary through
 * a little past its limit (the previous window's weight is still shrinking), so a test counting to a limit on the
 * wall clock would pass or fail by when it ran; a frozen clock puts each burst in one window.
 */
const COUNTED_AT = Date.now();

export interface ResettableRateLimits extends RateLimits {
  reset(): Promise<void>;
}

/** One instance's limits over the counters in `db` (the NA database, as the api function counts them). */
export function resettableRateLimits(db: () => Firestore = () => databaseFor('na')): ResettableRateLimits {
  const limits = sharedRateLimits({ db, now: () => COUNTED_AT });
  return {
    enforce: limits.enforce,
    enforceNotExhausted: limits.enforceNotExhausted,
    recordFailure: limits.recordFailure,
    async reset() {
      limits.forget();
      // Counters have no subcollections: a plain listing and batched deletes (quicker than recursiveDelete's writer).
      const counters = await db().collection(COLLECTIONS.rateLimits).get();
      for (let i = 0; i < counters.docs.length; i += 400) {
        const batch = db().batch();
        for (const counter of counters.docs.slice(i, i + 400)) batch.delete(counter.ref);
        await batch.commit();
      }
    },
  };
}
