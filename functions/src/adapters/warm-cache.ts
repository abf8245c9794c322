// What a request asks again and an owner rarely changes (which agent a number or a bot answers for, an agent's
// settings, a workspace's own provider), kept by a warm instance for a short life (0: always read): a change takes
// effect within that life everywhere, and at once where this instance made it (`forget`, `put`). Concurrent first
// reads share one read; a failed read is never kept, so the next request reads again. An empty read (null) is kept
// only with `keepEmpty`, where "none" is as settled an answer as a value. Never for credits, usage or lines.

const WARM_CACHE_MAX = 500;

export interface WarmCacheOptions {
  /** Entries kept at most; past it the oldest goes. */
  max?: number;
  /** Keep a null answer for its life too (default: read again). */
  keepEmpty?: boolean;
}

export interface WarmCache {
  /** The value `load` gave for `key` less than `ttlMs` before `now` (none when `ttlMs` is 0), else a fresh `load()`. */
  get<T>(key: string, at: { now: number; ttlMs: number }, load: () => Promise<T | null>): Promise<T | null>;
  /** Keeps `value` for `key` from `now` (this instance just wrote it). */
  put<T>(key: string, value: T, now: number): void;
  /** Drops what is kept for `key` (this instance changed it). */
  forget(key: string): void;
}

export function warmCache({ max = WARM_CACHE_MAX, keepEmpty = false }: WarmCacheOptions = {}): WarmCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  const keep = (key: string, entry: { at: number; value: Promise<unknown> }) => {
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  };
  return {
    get<T>(key: string, { now, ttlMs }: { now: number; ttlMs: number }, load: () => Promise<T | null>): Promise<T | null> {
      if (!(ttlMs > 0)) return load();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T | null>;
      const value = load();
      const entry = { at: now, value };
      keep(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      value.then((v) => v === null && !keepEmpty && forget(), forget);
      return value;
    },
    put(key, value, now) {
      keep(key, { at: now, value: Promise.resolve(value) });
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
