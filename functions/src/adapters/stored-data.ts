// Reading stored documents through their schema. A document that does not fit is our data's fault, never the
// caller's: it surfaces as StoredDataError, which both wrappers (defineEndpoint, defineCallable) log with the
// document's path and answer as a plain internal error (500 / `internal`) without details.
import type { z } from 'zod';
import { zodIssues } from './input-errors';

export class StoredDataError extends Error {
  constructor(
    /** The document's path, e.g. voiceglow/abc/conversations/xyz. */
    readonly path: string,
    /** Which fields did not fit (for the log). */
    readonly detail: string,
  ) {
    super(`Stored data at ${path} does not fit its schema: ${detail}`);
    this.name = 'StoredDataError';
  }
}

/** A Firestore document snapshot, or anything with its path and data. */
export interface StoredSnapshot {
  ref: { path: string };
  data(): unknown;
}

/**
 * The snapshot's data parsed with `schema`; `base` fills fields the stored data may lack (the stored value
 * wins). Throws StoredDataError naming the document when it does not fit (a missing document has no data).
 */
export function parseStored<S extends z.ZodType>(schema: S, snapshot: StoredSnapshot, base?: Record<string, unknown>): z.output<S> {
  const data = snapshot.data();
  const result = schema.safeParse(base && data && typeof data === 'object' ? { ...base, ...data } : data);
  if (!result.success) throw new StoredDataError(snapshot.ref.path, zodIssues(result.error, 'document'));
  return result.data;
}
