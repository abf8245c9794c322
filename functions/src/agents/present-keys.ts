/**
 * Keeps only the keys the caller actually sent. zod fills defaults even in `.partial()` schemas,
 * and a merge-save must never overwrite stored values with defaults the client did not send.
 */
export function pickPresentKeys<T extends Record<string, unknown>>(parsed: T, raw: Record<string, unknown>): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if (key in parsed && parsed[key] !== undefined) out[key] = parsed[key];
  }
  return out as Partial<T>;
}
