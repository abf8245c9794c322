/**
 * StructuredQuery evaluation: filters, implicit ordering, cursors, offset,
 * limit and projection, with an equality index used when the query has one.
 */
import { FirestoreError } from './contract.ts';
import type { Value } from './contract.ts';
import { checkCollectionId, docName, formatFieldPath, getField, parseFieldPath, type DbId } from './paths.ts';
import type { DatabaseStore, DocRecord } from './store.ts';
import {
  compareValues,
  comparePaths,
  isNaNValue,
  normalizeValue,
  typeOrder,
  valuesEqual,
  valuesSame,
} from './values.ts';

type Json = Record<string, unknown>;

interface FieldRef {
  path: string[];
  /** canonical string form */
  key: string;
  isName: boolean;
}

type Filter =
  | { kind: 'and' | 'or'; filters: Filter[] }
  | { kind: 'field'; field: FieldRef; op: string; value: Value }
  | { kind: 'unary'; field: FieldRef; op: string };

export interface OrderBy {
  field: FieldRef;
  desc: boolean;
}

interface Cursor {
  values: Value[];
  before: boolean;
}

export interface CompiledQuery {
  /** null for a kindless query (every collection under the parent) */
  collectionId: string | null;
  allDescendants: boolean;
  /** path of the parent document below /documents ('' for root) */
  parent: string;
  filter: Filter | null;
  orderBy: OrderBy[];
  startAt: Cursor | null;
  endAt: Cursor | null;
  offset: number;
  limit: number | null;
  select: string[][] | null;
  /** orderBy field paths as written, for the rules' request.query */
  explicitOrderBy: string[];
}

export interface QueryHit {
  path: string;
  rec: DocRecord;
}

function fieldRef(raw: unknown): FieldRef {
  const fp = (raw as { fieldPath?: unknown } | undefined)?.fieldPath;
  const path = parseFieldPath(fp);
  const key = formatFieldPath(path);
  return { path, key, isName: key === '__name__' };
}

const FIELD_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
]);
const UNARY_OPS = new Set(['IS_NAN', 'IS_NULL', 'IS_NOT_NAN', 'IS_NOT_NULL']);
const INEQUALITY = new Set(['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'NOT_EQUAL', 'NOT_IN']);

function compileFilter(raw: unknown, depth = 0): Filter | null {
  if (!raw || typeof raw !== 'object') return null;
  if (depth > 64) throw new FirestoreError('INVALID_ARGUMENT', 'Filters nest too deeply.');
  const f = raw as Json;
  if (f.compositeFilter) {
    const c = f.compositeFilter as Json;
    const op = c.op === 'OR' ? 'or' : c.op === 'AND' || c.op === undefined ? 'and' : null;
    if (!op) throw new FirestoreError('INVALID_ARGUMENT', `Unknown composite filter operator: ${String(c.op)}`);
    if (!Array.isArray(c.filters)) throw new FirestoreError('INVALID_ARGUMENT', 'A composite filter needs filters.');
    const filters = c.filters.map((x) => compileFilter(x, depth + 1)).filter((x): x is Filter => x !== null);
    return { kind: op, filters };
  }
  if (f.fieldFilter) {
    const ff = f.fieldFilter as Json;
    const op = String(ff.op);
    if (!FIELD_OPS.has(op)) throw new FirestoreError('INVALID_ARGUMENT', `Unknown field filter operator: ${op}`);
    const field = fieldRef(ff.field);
    const value = normalizeValue(ff.value);
    if (op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY') {
      if (!('arrayValue' in value)) throw new FirestoreError('INVALID_ARGUMENT', `A filter with ${op} requires an array value.`);
      const n = value.arrayValue.values?.length ?? 0;
      if (n === 0) throw new FirestoreError('INVALID_ARGUMENT', `A non-empty array is required for '${op}' filters.`);
      if (n > 30) throw new FirestoreError('INVALID_ARGUMENT', `'${op}' filters support a maximum of 30 elements in the value array.`);
    }
    if (field.isName && !['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY'].includes(op)) {
      const vals = 'arrayValue' in value ? (value.arrayValue.values ?? []) : [value];
      for (const v of vals) {
        if (!('referenceValue' in v)) {
          throw new FirestoreError('INVALID_ARGUMENT', '__name__ filters must compare against document references (referenceValue).');
        }
      }
    }
    return { kind: 'field', field, op, value };
  }
  if (f.unaryFilter) {
    const u = f.unaryFilter as Json;
    const op = String(u.op);
    if (!UNARY_OPS.has(op)) throw new FirestoreError('INVALID_ARGUMENT', `Unknown unary filter operator: ${op}`);
    return { kind: 'unary', field: fieldRef(u.field), op };
  }
  throw new FirestoreError('INVALID_ARGUMENT', 'A filter must be a compositeFilter, fieldFilter or unaryFilter.');
}

function inequalityFields(f: Filter | null, out: Map<string, FieldRef>): void {
  if (!f) return;
  if (f.kind === 'and' || f.kind === 'or') for (const c of f.filters) inequalityFields(c, out);
  else if (f.kind === 'field' && INEQUALITY.has(f.op)) out.set(f.field.key, f.field);
  else if (f.kind === 'unary' && (f.op === 'IS_NOT_NAN' || f.op === 'IS_NOT_NULL')) out.set(f.field.key, f.field);
}

function int32(v: unknown, what: string): number | null {
  if (v === undefined || v === null) return null;
  const n = typeof v === 'object' ? (v as { value?: unknown }).value : v;
  const x = typeof n === 'string' ? Number(n) : n;
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) {
    throw new FirestoreError('INVALID_ARGUMENT', `Invalid ${what}: must be a non-negative integer.`);
  }
  return x;
}

function cursor(raw: unknown): Cursor | null {
  if (!raw || typeof raw !== 'object') return null;
  const c = raw as Json;
  const vals = Array.isArray(c.values) ? c.values.map((v) => normalizeValue(v)) : [];
  return { values: vals, before: c.before === true };
}

export function compileQuery(parentPath: string, raw: unknown): CompiledQuery {
  if (!raw || typeof raw !== 'object') throw new FirestoreError('INVALID_ARGUMENT', 'Missing structuredQuery.');
  const q = raw as Json;
  const from = q.from;
  if (!Array.isArray(from) || from.length !== 1) {
    throw new FirestoreError('INVALID_ARGUMENT', 'A query must select exactly one collection (from).');
  }
  const sel = from[0] as Json;
  const allDescendants = sel.allDescendants === true;
  // A kindless query (no collection id, all descendants) reads every document under the parent;
  // firebase-admin's recursiveDelete uses it.
  const kindless = allDescendants && (sel.collectionId === undefined || sel.collectionId === '');
  const collectionId = kindless ? null : checkCollectionId(sel.collectionId);
  const filter = compileFilter(q.where);
  const explicit: OrderBy[] = (Array.isArray(q.orderBy) ? q.orderBy : []).map((o: Json) => ({
    field: fieldRef(o.field),
    desc: o.direction === 'DESCENDING',
  }));
  // Implicit ordering: inequality fields (lexicographic) after the explicit ones, then __name__.
  const orderBy = [...explicit];
  const have = new Set(orderBy.map((o) => o.field.key));
  const ineq = new Map<string, FieldRef>();
  inequalityFields(filter, ineq);
  let lastDesc = orderBy.length ? orderBy[orderBy.length - 1]!.desc : false;
  const ineqKeys = [...ineq.keys()].filter((k) => !have.has(k) && k !== '__name__').sort();
  for (const k of ineqKeys) orderBy.push({ field: ineq.get(k)!, desc: lastDesc });
  if (!have.has('__name__')) orderBy.push({ field: { path: ['__name__'], key: '__name__', isName: true }, desc: lastDesc });
  lastDesc = false;
  let select: string[][] | null = null;
  if (q.select && typeof q.select === 'object') {
    const fields = (q.select as Json).fields;
    select = (Array.isArray(fields) ? fields : []).map((f: unknown) => fieldRef(f).path);
  }
  return {
    collectionId,
    allDescendants,
    parent: parentPath,
    filter,
    orderBy,
    startAt: cursor(q.startAt),
    endAt: cursor(q.endAt),
    offset: int32(q.offset, 'offset') ?? 0,
    limit: int32(q.limit, 'limit'),
    select,
    explicitOrderBy: explicit.map((o) => o.field.key),
  };
}

/* ----------------------------- evaluation ----------------------------- */

function fieldValue(db: DbId, hit: QueryHit, f: FieldRef): Value | undefined {
  if (f.isName) return { referenceValue: docName(db, hit.path) };
  return getField(hit.rec.fields, f.path);
}

function arrayValues(v: Value): Value[] {
  return 'arrayValue' in v ? (v.arrayValue.values ?? []) : [];
}

function matches(db: DbId, hit: QueryHit, f: Filter): boolean {
  switch (f.kind) {
    case 'and':
      return f.filters.every((c) => matches(db, hit, c));
    case 'or':
      return f.filters.some((c) => matches(db, hit, c));
    case 'unary': {
      const v = fieldValue(db, hit, f.field);
      if (v === undefined) return false;
      switch (f.op) {
        case 'IS_NAN':
          return isNaNValue(v);
        case 'IS_NULL':
          return 'nullValue' in v;
        case 'IS_NOT_NAN':
          return !isNaNValue(v);
        default:
          return !('nullValue' in v);
      }
    }
    case 'field': {
      const v = fieldValue(db, hit, f.field);
      if (v === undefined) return false;
      const x = f.value;
      switch (f.op) {
        case 'EQUAL':
          return valuesEqual(v, x);
        case 'NOT_EQUAL':
          return !valuesEqual(v, x) || (isNaNValue(v) && !isNaNValue(x));
        case 'LESS_THAN':
        case 'LESS_THAN_OR_EQUAL':
        case 'GREATER_THAN':
        case 'GREATER_THAN_OR_EQUAL': {
          // Range filters only match values of the same type; NaN never matches.
          if (typeOrder(v) !== typeOrder(x) || isNaNValue(v) || isNaNValue(x)) return false;
          const c = compareValues(v, x);
          return f.op === 'LESS_THAN' ? c < 0 : f.op === 'LESS_THAN_OR_EQUAL' ? c <= 0 : f.op === 'GREATER_THAN' ? c > 0 : c >= 0;
        }
        case 'ARRAY_CONTAINS':
          return 'arrayValue' in v && arrayValues(v).some((e) => valuesSame(e, x));
        case 'ARRAY_CONTAINS_ANY':
          return 'arrayValue' in v && arrayValues(v).some((e) => arrayValues(x).some((y) => valuesSame(e, y)));
        case 'IN':
          return arrayValues(x).some((y) => valuesEqual(v, y));
        case 'NOT_IN':
          if (arrayValues(x).some((y) => 'nullValue' in y)) return false;
          return !('nullValue' in v) && !arrayValues(x).some((y) => valuesEqual(v, y));
      }
    }
  }
  return false;
}

/** A top-level AND conjunct an index can answer: equality, IN, array-contains or array-contains-any. */
function indexable(f: Filter | null): { field: string; values: Value[]; contains: boolean } | null {
  if (!f) return null;
  const parts = f.kind === 'and' ? f.filters : [f];
  const order = ['EQUAL', 'ARRAY_CONTAINS', 'IN', 'ARRAY_CONTAINS_ANY'];
  for (const op of order) {
    for (const p of parts) {
      if (p.kind !== 'field' || p.field.isName || p.op !== op) continue;
      if (op === 'EQUAL') {
        if (isNaNValue(p.value)) continue;
        return { field: p.field.key, values: [p.value], contains: false };
      }
      if (op === 'ARRAY_CONTAINS') return { field: p.field.key, values: [p.value], contains: true };
      return { field: p.field.key, values: arrayValues(p.value), contains: op === 'ARRAY_CONTAINS_ANY' };
    }
  }
  return null;
}

function candidates(store: DatabaseStore, q: CompiledQuery): Iterable<string> {
  if (q.collectionId === null) {
    const prefix = q.parent === '' ? '' : q.parent + '/';
    const colls = [...store.allCollections()].filter((c) => c.startsWith(prefix));
    return (function* () {
      for (const c of colls) yield* store.collectionDocs(c);
    })();
  }
  const idx = indexable(q.filter);
  const collectionId = q.collectionId;
  const colls = q.allDescendants ? store.groupCollections(collectionId, q.parent) : null;
  if (idx) {
    const out = new Set<string>();
    const scope = q.allDescendants ? { group: collectionId } : { coll: collPath(q) };
    const prefix = q.allDescendants && q.parent !== '' ? q.parent + '/' : null;
    for (const v of idx.values) {
      for (const p of store.lookupEqual(scope, idx.field, v, idx.contains)) {
        if (!prefix || p.startsWith(prefix)) out.add(p);
      }
    }
    return out;
  }
  if (!colls) return store.collectionDocs(collPath(q));
  return (function* () {
    for (const c of colls) yield* store.collectionDocs(c);
  })();
}

function collPath(q: CompiledQuery): string {
  return q.parent === '' ? q.collectionId! : `${q.parent}/${q.collectionId!}`;
}

function compareHits(db: DbId, order: OrderBy[], a: QueryHit, b: QueryHit): number {
  for (const o of order) {
    const c = o.field.isName ? comparePaths(a.path, b.path) : compareValues(fieldValue(db, a, o.field)!, fieldValue(db, b, o.field)!);
    if (c !== 0) return o.desc ? -c : c;
  }
  return 0;
}

/** Compares a cursor position with a document: <0 when the cursor sorts before the document. */
function compareCursor(db: DbId, order: OrderBy[], c: Cursor, hit: QueryHit): number {
  for (let i = 0; i < c.values.length && i < order.length; i++) {
    const o = order[i]!;
    const cv = c.values[i]!;
    let r: number;
    if (o.field.isName) {
      if (!('referenceValue' in cv)) throw new FirestoreError('INVALID_ARGUMENT', 'A cursor on __name__ must be a document reference.');
      r = comparePaths(cv.referenceValue, docName(db, hit.path));
    } else {
      r = compareValues(cv, fieldValue(db, hit, o.field)!);
    }
    if (r !== 0) return o.desc ? -r : r;
  }
  return 0;
}

export function runCompiledQuery(db: DbId, store: DatabaseStore, q: CompiledQuery): QueryHit[] {
  if (q.startAt && q.startAt.values.length > q.orderBy.length) {
    throw new FirestoreError('INVALID_ARGUMENT', 'Too many cursor values specified. The specified values must match the orderBy() constraints of the query.');
  }
  if (q.endAt && q.endAt.values.length > q.orderBy.length) {
    throw new FirestoreError('INVALID_ARGUMENT', 'Too many cursor values specified. The specified values must match the orderBy() constraints of the query.');
  }
  const hits: QueryHit[] = [];
  const orderFields = q.orderBy.filter((o) => !o.field.isName);
  const sortedByName = q.orderBy.length === 1 && !q.orderBy[0]!.desc && !q.allDescendants && !indexable(q.filter);
  const cmp = (a: QueryHit, b: QueryHit) => compareHits(db, q.orderBy, a, b);
  // With a small limit, keep only the best offset+limit hits (sorted) instead of sorting every match.
  const keep = q.limit === null ? Infinity : q.offset + q.limit;
  const bounded = !sortedByName && keep <= 1000;
  for (const path of candidates(store, q)) {
    const rec = store.get(path);
    if (!rec) continue;
    const hit = { path, rec };
    // Ordering by a field implies the field exists.
    if (orderFields.some((o) => getField(rec.fields, o.field.path) === undefined)) continue;
    if (q.filter && !matches(db, hit, q.filter)) continue;
    if (q.startAt) {
      const c = compareCursor(db, q.orderBy, q.startAt, hit);
      if (c > 0 || (c === 0 && !q.startAt.before)) continue;
    }
    if (q.endAt) {
      const c = compareCursor(db, q.orderBy, q.endAt, hit);
      if (c < 0 || (c === 0 && q.endAt.before)) continue;
    }
    if (!bounded) {
      hits.push(hit);
      if (sortedByName && hits.length >= keep) break;
      continue;
    }
    if (hits.length >= keep && cmp(hit, hits[hits.length - 1]!) >= 0) continue;
    let lo = 0;
    let hi = hits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(hits[mid]!, hit) <= 0) lo = mid + 1;
      else hi = mid;
    }
    hits.splice(lo, 0, hit);
    if (hits.length > keep) hits.pop();
  }
  if (!sortedByName && !bounded) hits.sort(cmp);
  const end = q.limit === null ? undefined : q.offset + q.limit;
  return hits.slice(q.offset, end);
}

export function projectFields(rec: DocRecord, select: string[][] | null): Record<string, Value> {
  if (!select) return rec.fields;
  const out: Record<string, Value> = {};
  for (const p of select) {
    if (p.length === 1 && p[0] === '__name__') continue;
    let cur: Record<string, Value> = out;
    const v = getField(rec.fields, p);
    if (v === undefined) continue;
    for (let i = 0; i < p.length - 1; i++) {
      const k = p[i]!;
      const existing = cur[k];
      if (!existing || !('mapValue' in existing)) cur[k] = { mapValue: { fields: {} } };
      cur = (cur[k] as { mapValue: { fields: Record<string, Value> } }).mapValue.fields;
    }
    cur[p[p.length - 1]!] = v;
  }
  return out;
}
