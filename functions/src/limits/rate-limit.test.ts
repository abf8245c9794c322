import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

const rule = { name: 'test', limit: 3, windowMs: 1000 };

describe('RateLimiter', () => {
  it('allows the limit within a window, then refuses with the time to wait', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) expect(limiter.hit(rule, '1.2.3.4', 100 + i).allowed).toBe(true);
    const refused = limiter.hit(rule, '1.2.3.4', 200);
    expect(refused.allowed).toBe(false);
    // 3 requests in the window starting at 100: room again once enough of it has slid past.
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(2 * rule.windowMs);
    expect(limiter.hit(rule, '1.2.3.4', 200 + refused.retryAfterMs).allowed).toBe(true);
  });

  it('keeps keys and rules apart', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit(rule, 'a', 0);
    expect(limiter.hit(rule, 'a', 1).allowed).toBe(false);
    expect(limiter.hit(rule, 'b', 1).allowed).toBe(true);
    expect(limiter.hit({ ...rule, name: 'other' }, 'a', 1).allowed).toBe(true);
  });

  it('does not let a burst at a window boundary double the allowance', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) expect(limiter.hit(rule, 'k', 990).allowed).toBe(true);
    // Just after the boundary the previous window still weighs almost fully.
    expect(limiter.hit(rule, 'k', 1010).allowed).toBe(false);
    // Two windows later everything is forgotten.
    for (let i = 0; i < 3; i++) expect(limiter.hit(rule, 'k', 3100).allowed).toBe(true);
  });

  it('forgets the least recently used keys beyond its capacity', () => {
    const limiter = new RateLimiter(2);
    for (let i = 0; i < 3; i++) limiter.hit(rule, 'old', 0);
    limiter.hit(rule, 'b', 1);
    limiter.hit(rule, 'c', 2);
    expect(limiter.size).toBe(2);
    expect(limiter.hit(rule, 'old', 3).allowed).toBe(true);
  });
});
