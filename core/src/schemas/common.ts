// Small shared schema pieces and the secret-redaction helper.
import { z } from 'zod';

/** Unix time in seconds (lastModified, cancelsAt, invoice created ...). */
export const unixSecondsSchema = z.number().nonnegative();
/**
 * A timestamp as it may appear in stored documents: unix seconds/millis, or a serialised Firestore
 * Timestamp ({seconds, nanoseconds} or the admin SDK's {_seconds, _nanoseconds}).
 */
export const storedTimestampSchema = z.union([
  z.number(),
  z.object({ seconds: z.number(), nanoseconds: z.number() }).loose(),
  z.object({ _seconds: z.number(), _nanoseconds: z.number() }).loose(),
  z.string(),
]);

/** A URL string; stored documents sometimes hold '' for "none". */
export const urlOrEmptySchema = z.union([z.url(), z.literal('')]);

/**
 * Returns a copy of `doc` without the listed secret keys. Pure: the input is not changed.
 */
export function omitKeys<T extends object, K extends readonly PropertyKey[]>(doc: T, keys: K): Omit<T, K[number]> {
  const out = { ...doc } as Record<PropertyKey, unknown>;
  for (const key of keys) delete out[key];
  return out as Omit<T, K[number]>;
}
