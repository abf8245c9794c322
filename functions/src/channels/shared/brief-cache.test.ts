// A channel's lookups are reused for a few seconds, retried at once after a failure, and reloaded once forgotten.
import { describe, expect, it } from 'vitest';
import { briefCache } from './brief-cache';

describe('briefCache', () => {
  it('reuses a lookup for a few seconds, then looks again', async () => {
    const cache = briefCache<string>(5000);
    let lookups = 0;
    const load = async () => `bot-${++lookups}`;
    expect(await cache.get('na/a1', load, 1000)).toBe('bot-1');
    expect(await cache.get('na/a1', load, 5999)).toBe('bot-1');
    expect(await cache.get('eu/a1', load, 5999)).toBe('bot-2');
    expect(await cache.get('na/a1', load, 6000)).toBe('bot-3');
  });

  it('forgets a failed lookup at once, and a forgotten key', async () => {
    const cache = briefCache<string>(5000);
    await expect(cache.get('na/a1', async () => Promise.reject(new Error('unavailable')), 0)).rejects.toThrow('unavailable');
    expect(await cache.get('na/a1', async () => 'bot', 1)).toBe('bot');
    cache.forget('na/a1');
    expect(await cache.get('na/a1', async () => 'new bot', 2)).toBe('new bot');
  });
});
