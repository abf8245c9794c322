// Lists filtered by any mix of a few fields, paged by time, with one query and one index: each document carries
// `filters`, every combination of its values with `*` for "any" (2^n keys for n fields), and a list asks for the
// one key its filters make (array-contains), ordered by createdAt.

/** Every key a document with these values is found under. */
export function filterKeysOf(values: Record<string, string>): string[] {
  let keys = [''];
  for (const [field, value] of Object.entries(values).sort(([a], [b]) => a.localeCompare(b))) {
    keys = keys.flatMap((k) => [`${k}${field}=${value};`, `${k}${field}=*;`]);
  }
  return keys;
}

/** The key a list filtered by `filters` asks for (an absent or empty filter is "any"). */
export function filterKeyFor<F extends string>(fields: readonly F[], filters: Partial<Record<F, string | undefined>>): string {
  return [...fields].sort().map((field) => `${field}=${filters[field] || '*'};`).join('');
}
