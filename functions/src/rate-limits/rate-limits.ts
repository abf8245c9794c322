// What an endpoint sees of the rate limits (its context's `limits`): spend, check, or count a failure, with a 429
// and Retry-After once a key (an address, a conversation, an agent, an account) has spent its allowance.
import { USAGE_MESSAGES } from '@parley/core';
import { HttpError } from '../adapters/input-errors';

export interface RateRule {
  /** Distinguishes the rule's keys from another rule's (e.g. 'chat-ip'). */
  readonly name: string;
  /** Requests allowed within the window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Counter documents the count is spread over (default 1): for keys busier than about one request a second. */
  readonly shards?: number;
}

export interface RateHit {
  rule: RateRule;
  /** An empty key is not limited (e.g. no conversation named). */
  key: string;
}

export interface RateLimits {
  /** Spends one request of each (rule, key); a TooManyRequestsError when any of them had none left. */
  enforce(...hits: RateHit[]): Promise<void>;
  /** A TooManyRequestsError when `key` has no request left under `rule`; spends nothing (pair with recordFailure). */
  enforceNotExhausted(rule: RateRule, key: string): Promise<void>;
  /** Spends one request of `key` under `rule` without refusing (a failed attempt counted after the fact). */
  recordFailure(rule: RateRule, key: string): Promise<void>;
}

/** A 429 with the seconds to wait (the router sends them as Retry-After). */
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, USAGE_MESSAGES.tooManyRequests, { 'retry-after': String(retryAfterSeconds) });
    this.name = 'TooManyRequestsError';
  }
}

/** No limits at all: for benches and tests that measure or fuzz something else. */
export const noRateLimits: RateLimits = {
  enforce: async () => undefined,
  enforceNotExhausted: async () => undefined,
  recordFailure: async () => undefined,
};
