// One page of a filtered, time-ordered list (see filter-keys.ts): newest first, documents created before `before`,
// one extra document read to tell whether another page follows.
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { filterKeyFor } from './filter-keys';

export interface FilteredPageQuery<F extends string> {
  db: Firestore;
  path: string;
  fields: readonly F[];
  filters: Partial<Record<F, string | undefined>>;
  before?: number | undefined;
  limit: number;
}

export async function readFilteredPage<F extends string>(q: FilteredPageQuery<F>): Promise<{ docs: QueryDocumentSnapshot[]; more: boolean }> {
  const snap = await q.db.collection(q.path)
    .where('filters', 'array-contains', filterKeyFor(q.fields, q.filters))
    .where('createdAt', '<', q.before ?? Number.MAX_SAFE_INTEGER)
    .orderBy('createdAt', 'desc')
    .limit(q.limit + 1)
    .get();
  return { docs: snap.docs.slice(0, q.limit), more: snap.docs.length > q.limit };
}
