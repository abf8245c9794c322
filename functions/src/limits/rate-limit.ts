// Request rate limits, in memory: a sliding window per key (an IP address, a conversation, a user) that
// answers 429 with Retry-After once a key has spent its allowance.
//
// Production note: each Cloud Functions instance counts on its own, so with N warm instances a key may get up to
// N times its allowance; instances are few for one tenant's traffic and every limit is set with that in mind.
// Where a hard global limit is needed, put Cloud Armor or API Gateway in front of the api function, or move the
// counters to Firestore/Memorystore behind the same `RateLimiter` interface.
import { USAGE_MESSAGES } from '@parley/core';
import { HttpError } from '../http/endpoint';

export interface RateRule {
  /** Distinguishes the rule's keys from another rule's (e.g. 'chat-ip'). */
  readonly name: string;
  /** Requests allowed within the window. */
  readonly limit: number;
  readonly windowMs: number;
}

/** A 429 with the seconds to wait (the router sends them as Retry-After). */
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, USAGE_MESSAGES.tooManyRequests, { 'retry-after': String(retryAfterSeconds) });
    this.name = 'TooManyRequestsError';
  }
}

interface Window {
  /** Start of the current window (ms). */
  start: number;
  current: number;
  previous: number;
}

export interface RateDecision {
  allowed: boolean;
  /** When refused: ms until the key may try again. */
  retryAfterMs: number;
}

/**
 * Sliding-window counter: the previous window's count weighs in proportionally to how much of it still overlaps
 * the last `windowMs`, so a burst at a window boundary cannot double the allowance. O(1) time and memory per key;
 * at most `maxKeys` keys are kept (the longest unused go first).
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly maxKeys = 100_000) {}

  hit(rule: RateRule, key: string, now: number): RateDecision {
    const id = `${rule.name}|${key}`;
    let w = this.windows.get(id);
    if (w) {
      this.windows.delete(id);
      const elapsed = now - w.start;
      if (elapsed >= 2 * rule.windowMs) w = { start: now, current: 0, previous: 0 };
      else if (elapsed >= rule.windowMs) w = { start: w.start + rule.windowMs, current: 0, previous: w.current };
    } else {
      w = { start: now, current: 0, previous: 0 };
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    // Re-inserted on every hit: the Map's order is then least recently used first.
    this.windows.set(id, w);
    const overlap = Math.max(0, 1 - (now - w.start) / rule.windowMs);
    const used = w.previous * overlap + w.current;
    if (used + 1 > rule.limit) return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(this.nextAllowed(w, rule) - now)) };
    w.current++;
    return { allowed: true, retryAfterMs: 0 };
  }

  /** When the weighted count first leaves room for one more request. */
  private nextAllowed(w: Window, rule: RateRule): number {
    const { windowMs: span, limit } = rule;
    // Still in this window, once enough of the previous one has slid out (refused here means previous > 0) …
    if (w.current <= limit - 1) return w.start + span * (1 - (limit - 1 - w.current) / w.previous);
    // … or in the next window, once enough of this one has.
    return w.start + span + span * (1 - (limit - 1) / w.current);
  }

  /** Whether `key` could spend one more request now, without spending it (e.g. before a password check). */
  peek(rule: RateRule, key: string, now: number): RateDecision {
    const w = this.windows.get(`${rule.name}|${key}`);
    if (!w) return { allowed: true, retryAfterMs: 0 };
    const elapsed = now - w.start;
    if (elapsed >= 2 * rule.windowMs) return { allowed: true, retryAfterMs: 0 };
    const view = elapsed >= rule.windowMs ? { start: w.start + rule.windowMs, current: 0, previous: w.current } : w;
    const overlap = Math.max(0, 1 - (now - view.start) / rule.windowMs);
    if (view.previous * overlap + view.current + 1 > rule.limit) {
      return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(this.nextAllowed(view, rule) - now)) };
    }
    return { allowed: true, retryAfterMs: 0 };
  }

  get size(): number {
    return this.windows.size;
  }

  clear(): void {
    this.windows.clear();
  }
}
