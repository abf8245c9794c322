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

/**
 * Agent fields only the server writes, dropped from what a save or a template brings: the knowledge-base totals (the
 * ingestion functions keep them) and the voice assistant's id (the voice feature keeps it; another id would point the
 * agent at an assistant it does not own).
 */
export const SERVER_MAINTAINED_FIELDS = ['charCount', 'docsNum', 'vapi'] as const;
