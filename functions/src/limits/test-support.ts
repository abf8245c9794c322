// Test and bench wiring: the shared rate limits of one instance, with a reset that forgets every counter (in
// Firestore and in the instance's memory), so each test case starts from no history. Only imported by tests and
// benches.
import { COLLECTIONS } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import type { RateLimits } from './rate-limits';
import { sharedRateLimits } from './shared-counter';

export interface ResettableRateLimits extends RateLimits {
  reset(): Promise<void>;
}

/** One instance's limits over the counters in `db` (the NA database, as the api function counts them). */
export function resettableRateLimits(db: () => Firestore = () => databaseFor('na')): ResettableRateLimits {
  const limits = sharedRateLimits({ db });
  return {
    enforce: limits.enforce,
    enforceNotExhausted: limits.enforceNotExhausted,
    recordFailure: limits.recordFailure,
    async reset() {
      limits.forget();
      await db().recursiveDelete(db().collection(COLLECTIONS.rateLimits));
    },
  };
}
