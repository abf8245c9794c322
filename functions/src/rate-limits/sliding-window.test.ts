import { describe, expect, it } from 'vitest';
import { decide } from './sliding-window';

const LIMIT = 3;
const WINDOW = 1000;

describe('decide', () => {
  it('allows the limit within a window, then refuses with the time to wait', () => {
    expect(decide(LIMIT, WINDOW, { start: 0, current: 2, previous: 0 }, 100).allowed).toBe(true);
    const refused = decide(LIMIT, WINDOW, { start: 0, current: 3, previous: 0 }, 100);
    expect(refused.allowed).toBe(false);
    // Room again once enough of this window has slid past, in the next one.
    const later = 100 + refused.retryAfterMs;
    expect(decide(LIMIT, WINDOW, { start: 1000, current: 0, previous: 3 }, later).allowed).toBe(true);
    expect(decide(LIMIT, WINDOW, { start: 1000, current: 0, previous: 3 }, later - 2).allowed).toBe(false);
  });

  it('does not let a burst at a window boundary double the allowance', () => {
    // Three at 990, then just after the boundary the previous window still weighs almost fully …
    expect(decide(LIMIT, WINDOW, { start: 1000, current: 0, previous: 3 }, 1010).allowed).toBe(false);
    // … and once it has slid out, the whole allowance is back.
    expect(decide(LIMIT, WINDOW, { start: 2000, current: 2, previous: 0 }, 2100).allowed).toBe(true);
  });
});
