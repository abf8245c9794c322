/**
 * In-memory documents of one database, with the structures queries need:
 * documents by collection, collection groups, and lazily built per-field
 * equality indexes that are maintained on every write once they exist.
 */
import type { Value } from './contract.ts';
import { getField, parseFieldPath } from './paths.ts';
import { compareDocIds, valueKey, type Fields } from './values.ts';

/** A stored document. Records are immutable: writes replace them. */
export interface DocRecord {
  fields: Fields;
  createTime: string;
  updateTime: string;
}

/**
 * A record loaded from disk: its fields stay as the JSON text until first read
 * (fast restarts, and the text is smaller than the parsed objects), then are
 * parsed once and the text dropped — the fields are held once either way.
 */
export class LazyDoc implements DocRecord {
  private raw: string | null;
  private parsed: Fields | null = null;

  constructor(
    raw: string,
    readonly createTime: string,
    readonly updateTime: string,
  ) {
    this.raw = raw;
  }

  get fields(): Fields {
    if (this.parsed === null) {
      this.parsed = JSON.parse(this.raw!) as Fields;
      this.raw = null;
    }
    return this.parsed;
  }

  /** The unparsed JSON text, if the fields were never read. */
  rawFields(): string | null {
    return this.raw;
  }
}

/** The fields as JSON text, without parsing a record that was never read. */
export function fieldsJson(rec: DocRecord): string {
  return (rec instanceof LazyDoc ? rec.rawFields() : null) ?? JSON.stringify(rec.fields);
}

type EqIndex = Map<string, Set<string>>;

export function collectionOf(path: string): { coll: string; id: string; collectionId: string } {
  const i = path.lastIndexOf('/');
  const coll = path.slice(0, i);
  const j = coll.lastIndexOf('/');
  return { coll, id: path.slice(i + 1), collectionId: coll.slice(j + 1) };
}

export class DatabaseStore {
  readonly docs = new Map<string, DocRecord>();
  /** collection path → document paths in it. */
  private readonly collections = new Map<string, Set<string>>();
  /** collection path → document paths sorted by name (cache, dropped on insert/delete). */
  private readonly sorted = new Map<string, string[]>();
  /** collection id → collection paths with that id. */
  private readonly groups = new Map<string, Set<string>>();
  /** scope ("c:" + collection path or "g:" + collection id) → field path → value key → doc paths. */
  private readonly indexes = new Map<string, Map<string, EqIndex>>();

  get(path: string): DocRecord | undefined {
    return this.docs.get(path);
  }

  put(path: string, rec: DocRecord | null): void {
    const old = this.docs.get(path);
    const { coll, collectionId } = collectionOf(path);
    if (old) this.unindex(path, coll, collectionId, old);
    if (rec) {
      this.docs.set(path, rec);
      if (!old) {
        let set = this.collections.get(coll);
        if (!set) {
          set = new Set();
          this.collections.set(coll, set);
          let g = this.groups.get(collectionId);
          if (!g) this.groups.set(collectionId, (g = new Set()));
          g.add(coll);
        }
        set.add(path);
        this.sortedUpdate(coll, path, true);
      }
      this.index(path, coll, collectionId, rec);
    } else if (old) {
      this.docs.delete(path);
      const set = this.collections.get(coll)!;
      set.delete(path);
      this.sortedUpdate(coll, path, false);
      if (set.size === 0) {
        this.collections.delete(coll);
        const g = this.groups.get(collectionId);
        g?.delete(coll);
        if (g && g.size === 0) this.groups.delete(collectionId);
      }
    }
  }

  clear(): void {
    this.docs.clear();
    this.collections.clear();
    this.sorted.clear();
    this.groups.clear();
    this.indexes.clear();
  }

  /** Keeps a cached sorted listing current (binary search) instead of re-sorting the collection. */
  private sortedUpdate(coll: string, path: string, add: boolean): void {
    const arr = this.sorted.get(coll);
    if (!arr) return;
    const from = coll.length + 1;
    const id = path.slice(from);
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareDocIds(arr[mid]!.slice(from), id) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (add) arr.splice(lo, 0, path);
    else if (arr[lo] === path) arr.splice(lo, 1);
    else this.sorted.delete(coll);
  }

  /** Document paths of one collection, sorted by name. */
  collectionDocs(coll: string): string[] {
    let s = this.sorted.get(coll);
    if (!s) {
      // Every path shares the collection prefix, so comparing the ids is enough.
      const from = coll.length + 1;
      s = [...(this.collections.get(coll) ?? [])].sort((a, b) => compareDocIds(a.slice(from), b.slice(from)));
      this.sorted.set(coll, s);
    }
    return s;
  }

  /** Collection paths with the given id, under parent ('' = root), at any depth. */
  groupCollections(collectionId: string, parent: string): string[] {
    const out: string[] = [];
    for (const c of this.groups.get(collectionId) ?? []) {
      if (parent === '' || c.startsWith(parent + '/')) out.push(c);
    }
    return out;
  }

  /** Every collection path that currently holds documents. */
  allCollections(): IterableIterator<string> {
    return this.collections.keys();
  }

  /**
   * Doc paths in scope whose field equals the value (query equality), or, with
   * `contains`, whose array field has an element equal to it (array-contains),
   * using a hash index built on first use. Scope: a collection path, or a
   * collection id for collection-group queries.
   */
  lookupEqual(scope: { coll: string } | { group: string }, field: string, value: Value, contains = false): Set<string> {
    const key = 'coll' in scope ? 'c:' + scope.coll : 'g:' + scope.group;
    const name = (contains ? ELEMENTS : '') + field;
    let byField = this.indexes.get(key);
    if (!byField) this.indexes.set(key, (byField = new Map()));
    let idx = byField.get(name);
    if (!idx) {
      idx = new Map();
      const segs = parseFieldPath(field);
      const colls = 'coll' in scope ? [scope.coll] : this.groupCollections(scope.group, '');
      for (const c of colls) {
        for (const p of this.collections.get(c) ?? []) {
          for (const k of indexKeys(this.docs.get(p)!, segs, contains)) addTo(idx, k, p);
        }
      }
      byField.set(name, idx);
    }
    return idx.get(valueKey(value)) ?? new Set();
  }

  // Records are passed whole so an unindexed collection never parses lazily loaded fields.
  private index(path: string, coll: string, collectionId: string, rec: DocRecord): void {
    this.eachIndex(coll, collectionId, (idx, segs, contains) => {
      for (const k of indexKeys(rec, segs, contains)) addTo(idx, k, path);
    });
  }

  private unindex(path: string, coll: string, collectionId: string, rec: DocRecord): void {
    this.eachIndex(coll, collectionId, (idx, segs, contains) => {
      for (const k of indexKeys(rec, segs, contains)) {
        const set = idx.get(k);
        set?.delete(path);
        if (set && set.size === 0) idx.delete(k);
      }
    });
  }

  private eachIndex(coll: string, collectionId: string, fn: (idx: EqIndex, segs: string[], contains: boolean) => void): void {
    if (this.indexes.size === 0) return;
    for (const key of ['c:' + coll, 'g:' + collectionId]) {
      const byField = this.indexes.get(key);
      if (!byField) continue;
      for (const [name, idx] of byField) {
        const contains = name.startsWith(ELEMENTS);
        fn(idx, fieldSegments(contains ? name.slice(ELEMENTS.length) : name), contains);
      }
    }
  }
}

const segCache = new Map<string, string[]>();
function fieldSegments(field: string): string[] {
  let s = segCache.get(field);
  if (!s) {
    s = parseFieldPath(field);
    if (segCache.size < 10000) segCache.set(field, s);
  }
  return s;
}

/** Marks an index of array elements (for array-contains) rather than whole values. */
const ELEMENTS = '[]';

/** The keys a record has in a field's index: its value, or each distinct element of its array. */
function indexKeys(rec: DocRecord, segs: string[], contains: boolean): string[] {
  const v = getField(rec.fields, segs);
  if (v === undefined) return [];
  if (!contains) return [valueKey(v)];
  if (!('arrayValue' in v)) return [];
  return [...new Set((v.arrayValue.values ?? []).map(valueKey))];
}

function addTo(idx: EqIndex, k: string, path: string): void {
  let set = idx.get(k);
  if (!set) idx.set(k, (set = new Set()));
  set.add(path);
}
