// Lists filtered by any mix of a few fields, paged by time, with one query and one index: each document carries
// `filters`, every combination of its values with `*` for "any" (2^n keys for n fields), and a list asks for the
// one key its filters make (array-contains), ordered by createdAt.
import { paths } from '@parley/core';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';

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

/** What a page of such a list is asked with: its filters, the last createdAt seen (`before`) and the page's size. */
export type PageRequest<F extends string> = Partial<Record<F, string | undefined>> & { before?: number; limit: number };

/**
 * The workspace's lists kept this way (users/{uid}/{list}): named here as a type, so that the index check
 * (local/indexes) can read the one query below as a query on each of them.
 */
export type FilteredList = 'eventDeliveries' | 'workspaceLogs';

/**
 * One page of a filtered list, newest first: the documents made before `before`, at most `limit` of them, and
 * whether more follow (one document more is read to know it).
 */
export async function newestPage<F extends string>(
  db: Firestore,
  workspaceId: string,
  list: FilteredList,
  fields: readonly F[],
  page: PageRequest<F>,
): Promise<{ docs: QueryDocumentSnapshot[]; more: boolean }> {
  const snap = await db
    .collection(`${paths.user(workspaceId)}/${list}`)
    .where('filters', 'array-contains', filterKeyFor(fields, page))
    .where('createdAt', '<', page.before ?? Number.MAX_SAFE_INTEGER)
    .orderBy('createdAt', 'desc')
    .limit(page.limit + 1)
    .get();
  return { docs: snap.docs.slice(0, page.limit), more: snap.docs.length > page.limit };
}
