/**
 * Runtime values of the rules language and their conversion from the REST
 * `Value` form. int is a 64-bit `bigint` and float a JS `number`, so the two
 * stay distinct for `is int` / `is float` while comparing numerically.
 */
import type { RulesDocument, Value } from '../src/contract.ts';
import { fail } from './errors.ts';

export class RBytes {
  constructor(readonly bytes: Uint8Array) {}
}

export class RPath {
  constructor(readonly segments: readonly string[]) {}
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

/** Nanoseconds since the Unix epoch. */
export class RTimestamp {
  constructor(readonly nanos: bigint) {}
}

/** A signed length of time in nanoseconds. */
export class RDuration {
  constructor(readonly nanos: bigint) {}
}

export class RMap {
  constructor(readonly entries: ReadonlyMap<string, Val>) {}
}

export class RSet {
  private readonly index: Map<string, Val>;
  constructor(items: readonly Val[]) {
    this.index = new Map();
    for (const item of items) {
      const key = hashKey(item);
      if (!this.index.has(key)) this.index.set(key, item);
    }
  }
  get items(): Val[] {
    return [...this.index.values()];
  }
  get size(): number {
    return this.index.size;
  }
  has(v: Val): boolean {
    return this.index.has(hashKey(v));
  }
}

export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

export type Val =
  | null
  | boolean
  | bigint
  | number
  | string
  | RBytes
  | RPath
  | RLatLng
  | RTimestamp
  | RDuration
  | Val[]
  | RMap
  | RSet
  | RMapDiff;

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function checkedInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) fail('integer overflow');
  return v;
}

export function typeName(v: Val): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RPath) return 'path';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RMapDiff) return 'map_diff';
  return 'unknown';
}

export const isNumber = (v: Val): v is bigint | number => typeof v === 'bigint' || typeof v === 'number';

/** A string equal for values that `==` calls equal (1 and 1.0 share a key). */
export function hashKey(v: Val): string {
  if (v === null) return 'N';
  switch (typeof v) {
    case 'boolean':
      return v ? 'T' : 'F';
    case 'bigint':
      return v >= -(2n ** 53n) && v <= 2n ** 53n ? `n${Number(v)}` : `n${v}`;
    case 'number':
      return Number.isInteger(v) && Math.abs(v) <= 2 ** 53 ? `n${v}` : `n${v}`;
    case 'string':
      return `s${JSON.stringify(v)}`;
  }
  if (Array.isArray(v)) return `l[${v.map(hashKey).join(',')}]`;
  if (v instanceof RMap) {
    const keys = [...v.entries.keys()].sort();
    return `m{${keys.map((k) => `${JSON.stringify(k)}:${hashKey(v.entries.get(k) ?? null)}`).join(',')}}`;
  }
  if (v instanceof RSet) return `S{${v.items.map(hashKey).sort().join(',')}}`;
  if (v instanceof RTimestamp) return `t${v.nanos}`;
  if (v instanceof RDuration) return `d${v.nanos}`;
  if (v instanceof RPath) return `p${JSON.stringify(v.segments)}`;
  if (v instanceof RLatLng) return `g${v.lat},${v.lng}`;
  if (v instanceof RBytes) return `b${Buffer.from(v.bytes).toString('base64')}`;
  return 'x';
}

export function equals(a: Val, b: Val): boolean {
  if (isNumber(a) && isNumber(b)) {
    // bigint/number comparison in JS is exact and numeric.
    return typeof a === typeof b ? a === b : a == b;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => equals(x, b[i] as Val));
  }
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.entries.size !== b.entries.size) return false;
    for (const [k, x] of a.entries) {
      if (!b.entries.has(k) || !equals(x, b.entries.get(k) as Val)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    return b instanceof RSet && a.size === b.size && a.items.every((x) => b.has(x));
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RPath) {
    return b instanceof RPath && a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i]);
  }
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  if (a instanceof RBytes) return b instanceof RBytes && Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
  return false;
}

/* ------------------------- timestamps ------------------------- */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(s: string): RTimestamp {
  const m = RFC3339.exec(s);
  if (!m) fail(`invalid timestamp '${s}'`);
  const [, y, mo, d, h, mi, se, frac, zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  const nanos = frac ? BigInt(frac.padEnd(9, '0')) : 0n;
  return new RTimestamp(BigInt(ms) * 1_000_000n + nanos);
}

export function timestampFromDate(d: Date): RTimestamp {
  return new RTimestamp(BigInt(d.getTime()) * 1_000_000n);
}

export function formatTimestamp(t: RTimestamp): string {
  const ms = floorDiv(t.nanos, 1_000_000n);
  const nanos = t.nanos - floorDiv(t.nanos, 1_000_000_000n) * 1_000_000_000n;
  const base = new Date(Number(ms)).toISOString().slice(0, 19);
  return nanos === 0n ? `${base}Z` : `${base}.${nanos.toString().padStart(9, '0')}Z`;
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/* ---------------------- REST Value → Val ---------------------- */

export function fromRest(v: Value): Val {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) return BigInt(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('timestampValue' in v) return parseTimestamp(v.timestampValue);
  if ('stringValue' in v) return v.stringValue;
  if ('bytesValue' in v) return new RBytes(new Uint8Array(Buffer.from(v.bytesValue, 'base64')));
  if ('referenceValue' in v) return referenceToPath(v.referenceValue);
  if ('geoPointValue' in v) return new RLatLng(v.geoPointValue.latitude ?? 0, v.geoPointValue.longitude ?? 0);
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(fromRest);
  if ('mapValue' in v) return fieldsToMap(v.mapValue.fields ?? {});
  return fail('unknown value type');
}

export function fieldsToMap(fields: Record<string, Value>): RMap {
  return new RMap(new LazyFields(fields));
}

/**
 * Converts a document's fields on first access, one field at a time, so a rule
 * reading `resource.data.owner` does not pay for a large array elsewhere in the document.
 */
class LazyFields implements ReadonlyMap<string, Val> {
  private readonly cache = new Map<string, Val>();
  constructor(private readonly fields: Record<string, Value>) {}
  get size(): number {
    return Object.keys(this.fields).length;
  }
  has(key: string): boolean {
    return Object.hasOwn(this.fields, key);
  }
  get(key: string): Val | undefined {
    if (!this.has(key)) return undefined;
    if (!this.cache.has(key)) this.cache.set(key, fromRest(this.fields[key] as Value));
    return this.cache.get(key);
  }
  forEach(cb: (value: Val, key: string, map: ReadonlyMap<string, Val>) => void): void {
    for (const [k, v] of this.entries()) cb(v, k, this);
  }
  *entries(): MapIterator<[string, Val]> {
    for (const k of Object.keys(this.fields)) yield [k, this.get(k) as Val];
  }
  keys(): MapIterator<string> {
    return Object.keys(this.fields)[Symbol.iterator]() as MapIterator<string>;
  }
  *values(): MapIterator<Val> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[string, Val]> {
    return this.entries();
  }
}

/** "projects/p/databases/d/documents/a/b" → path /databases/d/documents/a/b. */
export function referenceToPath(ref: string): RPath {
  const segs = splitPath(ref);
  const at = segs.indexOf('databases');
  return new RPath(at >= 0 ? segs.slice(at) : segs);
}

export function splitPath(p: string): string[] {
  return p.split('/').filter((s) => s.length > 0);
}

/** A document as `resource` / `get()` present it: { data, id, __name__ }. */
export function documentToVal(doc: RulesDocument): RMap {
  const segs = splitPath(doc.path);
  return new RMap(
    new Map<string, Val>([
      ['data', fieldsToMap(doc.fields)],
      ['id', segs[segs.length - 1] ?? ''],
      ['__name__', new RPath(segs)],
    ]),
  );
}

/** Plain JSON (decoded token claims) → Val: integral numbers become int. */
export function fromJson(v: unknown): Val {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'bigint') return v;
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === 'object') {
    const m = new Map<string, Val>();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, fromJson(x));
    return new RMap(m);
  }
  return null;
}

export function mapOf(obj: Record<string, Val>): RMap {
  return new RMap(new Map(Object.entries(obj)));
}
