import { describe, expect, it } from 'vitest';
import { warmCache } from './warm-cache';

/** A loader that answers `values` in turn, counting its reads. */
function reader<T>(...values: Array<T | null | Error>) {
  const state = { reads: 0 };
  const load = async (): Promise<T | null> => {
    const value = values[Math.min(state.reads++, values.length - 1)]!;
    if (value instanceof Error) throw value;
    return value;
  };
  return { state, load };
}

describe('warm cache', () => {
  it('sees a change made longer ago than its life, and reuses the value read within it', async () => {
    const cache = warmCache();
    const { state, load } = reader('agent A', 'agent B');
    expect(await cache.get('number', { now: 1_000, ttlMs: 3_000 }, load)).toBe('agent A');
    expect(await cache.get('number', { now: 3_999, ttlMs: 3_000 }, load)).toBe('agent A');
    expect(state.reads).toBe(1);
    expect(await cache.get('number', { now: 4_000, ttlMs: 3_000 }, load)).toBe('agent B');
  });

  it('always reads with a life of 0', async () => {
    const cache = warmCache();
    const { state, load } = reader('one', 'two');
    await cache.get('k', { now: 0, ttlMs: 0 }, load);
    expect(await cache.get('k', { now: 0, ttlMs: 0 }, load)).toBe('two');
    expect(state.reads).toBe(2);
  });

  it('keeps neither a failed nor an empty read, so the next call reads again', async () => {
    const cache = warmCache();
    const failing = reader<string>(new Error('unavailable'), 'back');
    await expect(cache.get('k', { now: 0, ttlMs: 3_000 }, failing.load)).rejects.toThrow('unavailable');
    expect(await cache.get('k', { now: 1, ttlMs: 3_000 }, failing.load)).toBe('back');
    const missing = reader<string>(null, 'bought');
    expect(await cache.get('n', { now: 0, ttlMs: 3_000 }, missing.load)).toBeNull();
    expect(await cache.get('n', { now: 1, ttlMs: 3_000 }, missing.load)).toBe('bought');
  });

  it('shares one read between concurrent first calls, and reads again once told to forget', async () => {
    const cache = warmCache();
    const { state, load } = reader('x', 'y');
    await Promise.all([cache.get('k', { now: 0, ttlMs: 3_000 }, load), cache.get('k', { now: 0, ttlMs: 3_000 }, load)]);
    expect(state.reads).toBe(1);
    cache.forget('k');
    expect(await cache.get('k', { now: 1, ttlMs: 3_000 }, load)).toBe('y');
  });

  it('with keepEmpty, keeps a "none" for its life as it keeps a value', async () => {
    const cache = warmCache({ keepEmpty: true });
    const { state, load } = reader<string>(null, 'saved later');
    expect(await cache.get('w', { now: 0, ttlMs: 3_000 }, load)).toBeNull();
    expect(await cache.get('w', { now: 2_999, ttlMs: 3_000 }, load)).toBeNull();
    expect(state.reads).toBe(1);
    expect(await cache.get('w', { now: 3_000, ttlMs: 3_000 }, load)).toBe('saved later');
  });

  it('holds at most its size, forgetting the oldest', async () => {
    const cache = warmCache({ max: 2 });
    const { state, load } = reader('v');
    for (const key of ['a', 'b', 'c']) await cache.get(key, { now: 0, ttlMs: 3_000 }, load);
    await cache.get('a', { now: 1, ttlMs: 3_000 }, load);
    expect(state.reads).toBe(4);
  });
});
