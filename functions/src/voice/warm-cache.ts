// What every call asks again and an owner rarely changes — which agent a number rings, the agent's voice settings and
// custom-LLM secret — kept by a warm instance for as long as the engine keeps an agent's settings
// (RuntimeDeps.agentCacheMs; 0: always read): a change (a number reassigned, a cap lowered) takes effect within that
// time. What never changes (a call's agent and conversation) is kept for as long as the caller asks. Concurrent first reads share one
// read; a failed or empty read is not kept, so the next call reads again. Nothing about credits, usage or lines is
// kept here: those are read at every call.

const WARM_CACHE_MAX = 500;

export interface WarmCache {
  /** The value `load` gave for `key` less than `ttlMs` before `now` (none when `ttlMs` is 0), else a fresh `load()`. */
  get<T>(key: string, at: { now: number; ttlMs: number }, load: () => Promise<T | null>): Promise<T | null>;
  /** Keeps `value` for `key` from `now` (this instance just wrote it). */
  put<T>(key: string, value: T, now: number): void;
  /** Drops what is kept for `key` (this instance changed it). */
  forget(key: string): void;
}

export function warmCache(max = WARM_CACHE_MAX): WarmCache {
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
      value.then((v) => v === null && forget(), forget);
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
