// Draft vs server comparisons for Publish and the settings wrapper.
import { PUBLISH_DIFF_IGNORED_FIELDS, SETTINGS_DIFF_IGNORED_FIELDS } from '../constants/app';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Structural equality. Keys whose value is undefined count as absent (the store drops them).
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return false;
}

function withoutKeys(doc: object | null | undefined, ignored: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(doc ?? {}) };
  for (const k of ignored) delete out[k];
  return out;
}

/** Publish is enabled when the draft differs from the server copy, ignoring lastModified, ts, ownerID, userId. */
export function hasUnpublishedChanges(draft: object | null | undefined, server: object | null | undefined): boolean {
  return !deepEqual(withoutKeys(draft, PUBLISH_DIFF_IGNORED_FIELDS), withoutKeys(server, PUBLISH_DIFF_IGNORED_FIELDS));
}

/** Settings wrapper: unsaved changes, ignoring lastModified, createdAt, vapi and the page's own exclusions. */
export function hasUnsavedChanges(local: object | null | undefined, server: object | null | undefined, extraIgnored: readonly string[] = []): boolean {
  const ignored = [...SETTINGS_DIFF_IGNORED_FIELDS, ...extraIgnored];
  return !deepEqual(withoutKeys(local, ignored), withoutKeys(server, ignored));
}
