// Rate limits of the public endpoints, counted in Firestore so that every instance sees them (shared-counter.ts).
// Every endpoint gets the composition's limits in its context and limits itself with one call:
// `await limits.enforce({ rule: RATE_RULES.newUserIp, key: ip })` (429 + Retry-After).
export { RATE_RULES } from './rules';
export { noRateLimits, TooManyRequestsError, type RateHit, type RateLimits, type RateRule } from './rate-limits';
export { sharedRateLimits, type SharedRateLimitsOptions } from './shared-counter';
export { decide, type RateDecision } from './sliding-window';
