// Which index a query needs, by Firestore's (Standard edition) indexing rules:
// - single-field indexes are automatic in collection scope (ascending, descending, array-contains per field);
//   they serve a filter or sort on one field, and equality-only queries on several fields (index merging);
// - equality filters plus a sort on another field, a range/inequality plus a sort on another field, or
//   several sort/inequality fields need a composite index: the equality fields first (any order, either
//   direction), then the sort fields exactly, in the query's normalized order and directions;
// - collection-group queries need indexes with COLLECTION_GROUP scope, even single-field ones.
// Sources: firebase.google.com/docs/firestore/query-data/index-overview ("Queries supported by …",
// "Use index merging", "Default ordering and the __name__ field") and …/multiple-range-fields.
import type { CompositeIndex, Direction, FilterOp, IndexField, QueryScope, QueryShape } from './types';

/** How a field must be indexed: EITHER_ORDER where an equality can use the ascending or the descending index. */
export type FieldMode = 'ASCENDING' | 'DESCENDING' | 'CONTAINS' | 'EITHER_ORDER';

export type Requirement =
  | { kind: 'none' }
  /** Single-field indexes on every listed field (several: merged equality filters). */
  | { kind: 'single-field'; collectionGroup: string; queryScope: QueryScope; fields: { fieldPath: string; mode: FieldMode }[] }
  | {
      kind: 'composite';
      /** The index to create; its first `equalityCount` fields may come in any order and either direction. */
      index: Required<Pick<CompositeIndex, 'collectionGroup' | 'queryScope' | 'fields'>>;
      equalityCount: number;
      /** Equality filters with at most one sort field and no inequality: indexes per equality field may be merged. */
      mergeable: boolean;
    };

const EQUALITY_OPS: ReadonlySet<FilterOp> = new Set(['==', 'in', 'array-contains', 'array-contains-any']);
const ARRAY_OPS: ReadonlySet<FilterOp> = new Set(['array-contains', 'array-contains-any']);
/** The SDK's FieldFilter.isInequality(). */
const INEQUALITY_OPS: ReadonlySet<FilterOp> = new Set(['<', '<=', '>', '>=', '!=', 'not-in']);
const KEY_FIELD = '__name__';

/** Field paths compare segment by segment (the SDK's FieldPath.comparator). */
function compareFieldPaths(a: string, b: string): number {
  const sa = a.split('.');
  const sb = b.split('.');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    if (sa[i] !== sb[i]) return sa[i]! < sb[i]! ? -1 : 1;
  }
  return sa.length - sb.length;
}

/**
 * The ordering the query runs with (the SDK's queryNormalizedOrderBy): explicit orderBys, then inequality
 * fields not already ordered (lexicographically, in the last explicit direction), then __name__.
 */
export function normalizedOrderBy(q: QueryShape): { fieldPath: string; direction: Direction }[] {
  const result = [...q.orderBy];
  const seen = new Set(result.map((o) => o.fieldPath));
  const lastDirection: Direction = result.at(-1)?.direction ?? 'asc';
  const inequalities = [...new Set(q.filters.filter((f) => INEQUALITY_OPS.has(f.op)).map((f) => f.fieldPath))].sort(compareFieldPaths);
  for (const field of inequalities) if (!seen.has(field) && field !== KEY_FIELD) result.push({ fieldPath: field, direction: lastDirection });
  if (!seen.has(KEY_FIELD)) result.push({ fieldPath: KEY_FIELD, direction: lastDirection });
  // limitToLast is sent to the backend as the reversed query.
  return q.limitToLast ? result.map((o) => ({ ...o, direction: o.direction === 'asc' ? 'desc' : 'asc' })) : result;
}

/** Sort fields an index has to hold: every index ends in __name__ in its last field's direction, so that one is implicit. */
function indexSortFields(q: QueryShape): { fieldPath: string; direction: Direction }[] {
  const sorts = normalizedOrderBy(q);
  const last = sorts.at(-1);
  const beforeLast = sorts.at(-2);
  if (last?.fieldPath === KEY_FIELD && (!beforeLast || beforeLast.direction === last.direction)) sorts.pop();
  return sorts;
}

const order = (d: Direction): 'ASCENDING' | 'DESCENDING' => (d === 'asc' ? 'ASCENDING' : 'DESCENDING');

export function requiredIndex(q: QueryShape): Requirement {
  // Filters on the document id use the built-in key ordering every index ends with.
  const filters = q.filters.filter((f) => f.fieldPath !== KEY_FIELD);
  const sorts = indexSortFields({ ...q, filters });
  const sorted = new Set(sorts.map((s) => s.fieldPath));
  const equalities = new Map<string, boolean>(); // field → array-contains(-any)?
  for (const f of filters) if (EQUALITY_OPS.has(f.op) && !sorted.has(f.fieldPath)) equalities.set(f.fieldPath, ARRAY_OPS.has(f.op));
  const { collectionGroup, queryScope } = q;

  if (sorts.length === 0 && equalities.size === 0) return { kind: 'none' };
  if (sorts.length === 0) {
    const fields = [...equalities].map(([fieldPath, isArray]) => ({ fieldPath, mode: (isArray ? 'CONTAINS' : 'EITHER_ORDER') as FieldMode }));
    return { kind: 'single-field', collectionGroup, queryScope, fields };
  }
  if (sorts.length === 1 && equalities.size === 0) {
    return { kind: 'single-field', collectionGroup, queryScope, fields: [{ fieldPath: sorts[0]!.fieldPath, mode: order(sorts[0]!.direction) }] };
  }
  const fields: IndexField[] = [
    ...[...equalities].map(([fieldPath, isArray]): IndexField => (isArray ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order: 'ASCENDING' })),
    ...sorts.map((s): IndexField => ({ fieldPath: s.fieldPath, order: order(s.direction) })),
  ];
  const hasInequality = filters.some((f) => INEQUALITY_OPS.has(f.op));
  return {
    kind: 'composite',
    index: { collectionGroup, queryScope, fields },
    equalityCount: equalities.size,
    mergeable: !hasInequality && sorts.length === 1 && equalities.size > 1,
  };
}
