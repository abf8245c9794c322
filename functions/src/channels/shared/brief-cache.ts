// Lookups every inbound message and every reply of a channel needs (which agent a bot or channel answers for, its
// secrets), kept a few seconds per instance. A lookup that fails is forgotten at once, so the next message tries again;
// a change (connect, disconnect) forgets what it changed.

const BRIEF_MS = 5000;

export interface BriefCache<T> {
  /** The value `load` gave for `key` less than a few seconds ago, else a fresh `load()`. */
  get(key: string, load: () => Promise<T>, now?: number): Promise<T>;
  forget(key: string): void;
}

export function briefCache<T>(ttlMs = BRIEF_MS): BriefCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, load, now = Date.now()) {
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = load();
      value.catch(() => entries.delete(key));
      entries.set(key, { at: now, value });
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
