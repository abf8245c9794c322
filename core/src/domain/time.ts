// Converting stored timestamps (unix s/ms, Firestore Timestamp shapes, ISO strings) to unix seconds.

/** Values above this are taken as milliseconds (year 5138 in seconds). */
const MS_THRESHOLD = 1e11;

export function toUnixSeconds(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value > MS_THRESHOLD ? value / 1000 : value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms / 1000;
  }
  if (value instanceof Date) return value.getTime() / 1000;
  if (typeof value === 'object' && value !== null) {
    const v = value as Record<string, unknown>;
    const s = v.seconds ?? v._seconds;
    const n = v.nanoseconds ?? v._nanoseconds ?? 0;
    if (typeof s === 'number' && typeof n === 'number') return s + n / 1e9;
    if (typeof v.toMillis === 'function') return (v.toMillis as () => number)() / 1000;
  }
  return null;
}

export const nowUnixSeconds = (nowMs: number = Date.now()): number => Math.floor(nowMs / 1000);
