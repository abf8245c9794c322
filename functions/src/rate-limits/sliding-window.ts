// The sliding-window estimate behind every rate limit: the previous window's count weighs in proportionally to
// how much of it still overlaps the last `windowMs`, so a burst at a window boundary cannot double the allowance.
// Pure arithmetic on two counts; where the counts are kept is shared-counter.ts's business.

export interface WindowCounts {
  /** Start of the current window (ms). */
  start: number;
  /** Requests counted in the current window, not including the one being decided. */
  current: number;
  /** Requests counted in the previous window. */
  previous: number;
}

export interface RateDecision {
  allowed: boolean;
  /** When refused: ms until the key may try again. */
  retryAfterMs: number;
}

/** Whether one more request fits within `limit` at `now`, and if not, how long until one would. */
export function decide(limit: number, windowMs: number, counts: WindowCounts, now: number): RateDecision {
  const overlap = Math.max(0, 1 - (now - counts.start) / windowMs);
  if (counts.previous * overlap + counts.current + 1 <= limit) return { allowed: true, retryAfterMs: 0 };
  return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(nextAllowed(limit, windowMs, counts) - now)) };
}

/** When the weighted count first leaves room for one more request. */
function nextAllowed(limit: number, span: number, w: WindowCounts): number {
  // Still in this window, once enough of the previous one has slid out (refused here means previous > 0) …
  if (w.current <= limit - 1) return w.start + span * (1 - (limit - 1 - w.current) / w.previous);
  // … or in the next window, once enough of this one has.
  return w.start + span + span * (1 - (limit - 1) / w.current);
}
