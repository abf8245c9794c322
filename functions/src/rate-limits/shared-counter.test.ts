// The shared counters on Google's Firestore emulator, with two instances (two compositions, each with its own
// memory) counting the same keys, as two Cloud Functions instances do in production.
import { COLLECTIONS } from '@parley/core';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { sharedRateLimits, TooManyRequestsError, type RateLimits, type RateRule } from './index';

const db = () => databaseFor('na');
const instances = () => [sharedRateLimits({ db }), sharedRateLimits({ db })] as const;

/** Fires `n` requests at once, alternating between the instances; the ones let through and the refusals. */
async function burst(pair: readonly RateLimits[], n: number, hit: (limits: RateLimits) => Promise<void>) {
  const outcomes = await Promise.all(Array.from({ length: n }, (_, i) => hit(pair[i % pair.length]!).then(() => 'allowed' as const, (e: unknown) => e)));
  const refusals = outcomes.filter((o): o is TooManyRequestsError => o instanceof TooManyRequestsError);
  return { allowed: outcomes.filter((o) => o === 'allowed').length, refusals, other: outcomes.filter((o) => o !== 'allowed' && !(o instanceof TooManyRequestsError)) };
}

afterEach(async () => {
  await db().recursiveDelete(db().collection(COLLECTIONS.rateLimits));
});

describe('shared rate limits', () => {
  const rule: RateRule = { name: 'test-burst', limit: 10, windowMs: 60_000 };

  it('lets no more than the limit through a burst spread over two instances, and says when to come back', async () => {
    const { allowed, refusals, other } = await burst(instances(), 40, (limits) => limits.enforce({ rule, key: '203.0.113.9' }));
    expect(other).toEqual([]);
    expect(allowed).toBeGreaterThan(0);
    expect(allowed).toBeLessThanOrEqual(rule.limit);
    expect(refusals).toHaveLength(40 - allowed);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(429);
      expect(Number(refusal.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Another key has its own allowance.
    await expect(instances()[0].enforce({ rule, key: '198.51.100.1' })).resolves.toBeUndefined();
  });

  it('counts a sharded key (a busy agent) over all its shards, from both instances', async () => {
    const sharded: RateRule = { name: 'test-sharded', limit: 12, windowMs: 60_000, shards: 4 };
    const pair = instances();
    // Two requests at a time, one per instance: the allowance is spent exactly, whichever shards took the counts.
    for (let i = 0; i < sharded.limit / 2; i++) await Promise.all(pair.map((limits) => limits.enforce({ rule: sharded, key: 'agent-1' })));
    const { allowed } = await burst(pair, 4, (limits) => limits.enforce({ rule: sharded, key: 'agent-1' }));
    expect(allowed).toBe(0);
    expect((await db().collection(COLLECTIONS.rateLimits).get()).size).toBeGreaterThan(1);
  });

  it('refuses on one instance the failures counted on the other', async () => {
    const failures: RateRule = { name: 'test-failures', limit: 3, windowMs: 60_000 };
    const [a, b] = instances();
    for (let i = 0; i < 3; i++) await a.recordFailure(failures, '192.0.2.5');
    await expect(b.enforceNotExhausted(failures, '192.0.2.5')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(b.enforceNotExhausted(failures, '192.0.2.6')).resolves.toBeUndefined();
  });

  it('stores neither the address nor the e-mail it counts, and gives every counter an expiry', async () => {
    await instances()[0].enforce({ rule, key: '203.0.113.200' }, { rule, key: 'agency1|ada@example.com' });
    const counters = await db().collection(COLLECTIONS.rateLimits).get();
    expect(counters.size).toBe(2);
    for (const counter of counters.docs) {
      expect(counter.id).not.toMatch(/203\.0\.113|ada@example/);
      expect(counter.get('expiresAt').toMillis()).toBeGreaterThan(Date.now());
    }
  });
});
