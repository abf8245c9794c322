// Lookups every inbound message and every reply of a channel needs (which agent a bot or channel answers for, its
// secrets), kept a few seconds per instance. A lookup that fails is forgotten at once, so the next message tries again;
// a change (connect, disconnect) forgets what it changed. A "none" (no bot for that id) is kept like a value.
import { warmCache } from '../../adapters/warm-cache';

const BRIEF_MS = 5000;

export interface BriefCache<T> {
  /** The value `load` gave for `key` less than a few seconds ago, else a fresh `load()`. */
  get(key: string, load: () => Promise<T>, now?: number): Promise<T>;
  forget(key: string): void;
}

export function briefCache<T>(ttlMs = BRIEF_MS): BriefCache<T> {
  const cache = warmCache({ keepEmpty: true, max: 5000 });
  return {
    get: (key, load, now = Date.now()) => cache.get(key, { now, ttlMs }, load as () => Promise<T | null>) as Promise<T>,
    forget: (key) => cache.forget(key),
  };
}
