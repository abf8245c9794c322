/**
 * Firestore value semantics on the REST (proto3 JSON) form: type order,
 * comparison, equality, canonical keys for indexes, timestamps and sizes.
 */
import type { Value } from './contract.ts';
import { FirestoreError } from './contract.ts';

export type Fields = Record<string, Value>;

/** Cross-type sort order, as documented. */
export const enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Map = 9,
}

export function typeOrder(v: Value): TypeOrder {
  if ('nullValue' in v) return TypeOrder.Null;
  if ('booleanValue' in v) return TypeOrder.Boolean;
  if ('integerValue' in v || 'doubleValue' in v) return TypeOrder.Number;
  if ('timestampValue' in v) return TypeOrder.Timestamp;
  if ('stringValue' in v) return TypeOrder.String;
  if ('bytesValue' in v) return TypeOrder.Bytes;
  if ('referenceValue' in v) return TypeOrder.Reference;
  if ('geoPointValue' in v) return TypeOrder.GeoPoint;
  if ('arrayValue' in v) return TypeOrder.Array;
  if ('mapValue' in v) return TypeOrder.Map;
  throw new FirestoreError('INVALID_ARGUMENT', `Invalid value: ${JSON.stringify(v).slice(0, 200)}`);
}

export function isNumber(v: Value): boolean {
  return 'integerValue' in v || 'doubleValue' in v;
}

export function toDouble(v: Value): number {
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  return NaN;
}

export function isNaNValue(v: Value): boolean {
  return 'doubleValue' in v && Number.isNaN(Number(v.doubleValue));
}

const INT_SAFE = /^-?\d{1,15}$/;

function compareNumbers(a: Value, b: Value): number {
  if ('integerValue' in a && 'integerValue' in b) {
    const x = String(a.integerValue);
    const y = String(b.integerValue);
    if (INT_SAFE.test(x) && INT_SAFE.test(y)) return Math.sign(Number(x) - Number(y));
    const bx = BigInt(x);
    const by = BigInt(y);
    return bx < by ? -1 : bx > by ? 1 : 0;
  }
  const x = toDouble(a);
  const y = toDouble(b);
  // NaN sorts before every other number and equals itself for ordering.
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Strings order by their UTF-8 bytes, which differs from UTF-16 order only around surrogates. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    return xs ? 1 : -1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

const CANON_TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const ANY_TS = /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?([Zz]|[+-]\d\d:\d\d)$/;

/** Canonical RFC 3339 UTC form with microseconds (Firestore's precision); sorts lexicographically. */
export function normalizeTimestamp(s: string): string {
  if (CANON_TS.test(s)) return s;
  const m = ANY_TS.exec(s);
  if (!m) throw new FirestoreError('INVALID_ARGUMENT', `Invalid timestamp value: "${s}"`);
  const frac = (m[7] ?? '').padEnd(9, '0');
  let ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  if (m[1]!.startsWith('00')) {
    const d = new Date(ms);
    d.setUTCFullYear(+m[1]!);
    ms = d.getTime();
  }
  const off = m[8]!;
  if (off !== 'Z' && off !== 'z') {
    const sign = off[0] === '-' ? -1 : 1;
    ms -= sign * (+off.slice(1, 3) * 60 + +off.slice(4, 6)) * 60000;
  }
  if (!Number.isFinite(ms)) throw new FirestoreError('INVALID_ARGUMENT', `Invalid timestamp value: "${s}"`);
  return formatTimestamp(ms, Number(frac.slice(0, 6)));
}

let lastSecMs = NaN;
let lastSecText = '';

/** Formats epoch milliseconds (whole seconds used) plus microseconds-of-second. */
export function formatTimestamp(ms: number, micros: number): string {
  const secMs = Math.floor(ms / 1000) * 1000;
  // Read and write times come in runs within one second: format that second once.
  if (secMs !== lastSecMs) {
    const iso = new Date(secMs).toISOString();
    if (iso.length !== 24) throw new FirestoreError('INVALID_ARGUMENT', 'Timestamp out of range');
    lastSecText = iso.slice(0, 19);
    lastSecMs = secMs;
  }
  return `${lastSecText}.${String(micros).padStart(6, '0')}Z`;
}

export function timestampFromMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  return formatTimestamp(ms, micros - Math.floor(ms / 1000) * 1_000_000);
}

function decodeBytes(s: string): Buffer {
  return Buffer.from(s, 'base64');
}

/** Reference paths compare segment by segment. */
export function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split('/');
  const y = b.split('/');
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = compareDocIds(x[i]!, y[i]!);
    if (c !== 0) return c;
  }
  return x.length - y.length < 0 ? -1 : x.length > y.length ? 1 : 0;
}

const NUMERIC_ID = /^__id(-?\d+)__$/;

/** Orders two path segments (document or collection ids) as Firestore does. */
export function compareDocIds(a: string, b: string): number {
  if (a === b) return 0;
  // Firestore sorts numeric ids (`__id123__`) before string ids, numerically.
  const na = NUMERIC_ID.exec(a);
  const nb = NUMERIC_ID.exec(b);
  if (na && nb) {
    const x = BigInt(na[1]!);
    const y = BigInt(nb[1]!);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (na) return -1;
  if (nb) return 1;
  return compareUtf8(a, b);
}

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean: {
      const x = (a as { booleanValue: boolean }).booleanValue;
      const y = (b as { booleanValue: boolean }).booleanValue;
      return x === y ? 0 : x ? 1 : -1;
    }
    case TypeOrder.Number:
      return compareNumbers(a, b);
    case TypeOrder.Timestamp: {
      const x = normalizeTimestamp((a as { timestampValue: string }).timestampValue);
      const y = normalizeTimestamp((b as { timestampValue: string }).timestampValue);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case TypeOrder.String:
      return compareUtf8((a as { stringValue: string }).stringValue, (b as { stringValue: string }).stringValue);
    case TypeOrder.Bytes: {
      const c = Buffer.compare(
        decodeBytes((a as { bytesValue: string }).bytesValue),
        decodeBytes((b as { bytesValue: string }).bytesValue),
      );
      return c;
    }
    case TypeOrder.Reference:
      return comparePaths(
        (a as { referenceValue: string }).referenceValue,
        (b as { referenceValue: string }).referenceValue,
      );
    case TypeOrder.GeoPoint: {
      const x = (a as { geoPointValue: { latitude: number; longitude: number } }).geoPointValue;
      const y = (b as { geoPointValue: { latitude: number; longitude: number } }).geoPointValue;
      const c = (x.latitude ?? 0) - (y.latitude ?? 0);
      if (c !== 0) return c < 0 ? -1 : 1;
      const d = (x.longitude ?? 0) - (y.longitude ?? 0);
      return d === 0 ? 0 : d < 0 ? -1 : 1;
    }
    case TypeOrder.Array: {
      const x = (a as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [];
      const y = (b as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i]!, y[i]!);
        if (c !== 0) return c;
      }
      return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
    }
    case TypeOrder.Map: {
      const x = (a as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
      const y = (b as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
      // Maps compare key by key in key order, then value.
      const kx = Object.keys(x).sort(compareUtf8);
      const ky = Object.keys(y).sort(compareUtf8);
      const n = Math.min(kx.length, ky.length);
      for (let i = 0; i < n; i++) {
        const c = compareUtf8(kx[i]!, ky[i]!);
        if (c !== 0) return c;
        const d = compareValues(x[kx[i]!]!, y[ky[i]!]!);
        if (d !== 0) return d;
      }
      return kx.length === ky.length ? 0 : kx.length < ky.length ? -1 : 1;
    }
  }
}

/** Query equality: numbers compare numerically (1 == 1.0); NaN equals nothing. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (isNaNValue(a) || isNaNValue(b)) return false;
  return compareValues(a, b) === 0;
}

/** Array-membership equality (arrayUnion/arrayRemove, array-contains): like == but NaN matches NaN. */
export function valuesSame(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/** A string key such that equal values (per query equality) share it; used by hash indexes. */
export function valueKey(v: Value): string {
  switch (typeOrder(v)) {
    case TypeOrder.Null:
      return 'z';
    case TypeOrder.Boolean:
      return (v as { booleanValue: boolean }).booleanValue ? 'b1' : 'b0';
    case TypeOrder.Number: {
      if ('integerValue' in v) {
        const s = String(v.integerValue);
        return INT_SAFE.test(s) ? 'n' + String(Number(s)) : 'n' + String(Number(BigInt(s)));
      }
      const d = Number((v as { doubleValue: number }).doubleValue);
      return 'n' + (Object.is(d, -0) ? '0' : String(d));
    }
    case TypeOrder.Timestamp:
      return 't' + normalizeTimestamp((v as { timestampValue: string }).timestampValue);
    case TypeOrder.String:
      return 's' + (v as { stringValue: string }).stringValue;
    case TypeOrder.Bytes:
      return 'y' + decodeBytes((v as { bytesValue: string }).bytesValue).toString('base64');
    case TypeOrder.Reference:
      return 'r' + (v as { referenceValue: string }).referenceValue;
    case TypeOrder.GeoPoint: {
      const g = (v as { geoPointValue: { latitude: number; longitude: number } }).geoPointValue;
      return `g${g.latitude ?? 0},${g.longitude ?? 0}`;
    }
    case TypeOrder.Array:
      return 'a[' + ((v as { arrayValue: { values?: Value[] } }).arrayValue.values ?? []).map(valueKey).join(',') + ']';
    case TypeOrder.Map: {
      const f = (v as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
      return (
        'm{' +
        Object.keys(f)
          .sort(compareUtf8)
          .map((k) => JSON.stringify(k) + ':' + valueKey(f[k]!))
          .join(',') +
        '}'
      );
    }
  }
}

/** Validates a value from a client and returns it with timestamps canonicalised. */
export function normalizeValue(v: unknown, depth = 0): Value {
  if (depth > 20) throw new FirestoreError('INVALID_ARGUMENT', 'Value nests deeper than 20 levels');
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new FirestoreError('INVALID_ARGUMENT', `Invalid value: ${JSON.stringify(v)?.slice(0, 100)}`);
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1) {
    throw new FirestoreError('INVALID_ARGUMENT', `A value must have exactly one value type, got: ${JSON.stringify(keys)}`);
  }
  const k = keys[0]!;
  const x = o[k];
  switch (k) {
    case 'nullValue':
      return { nullValue: null };
    case 'booleanValue':
      if (typeof x !== 'boolean') break;
      return { booleanValue: x };
    case 'integerValue': {
      const s = typeof x === 'number' ? String(x) : x;
      if (typeof s !== 'string' || !/^-?\d+$/.test(s)) break;
      const b = BigInt(s);
      if (b > 9223372036854775807n || b < -9223372036854775808n) break;
      return { integerValue: b.toString() };
    }
    case 'doubleValue': {
      if (typeof x === 'number') {
        if (Number.isNaN(x)) return { doubleValue: 'NaN' };
        if (!Number.isFinite(x)) return { doubleValue: x > 0 ? 'Infinity' : '-Infinity' };
        return { doubleValue: x };
      }
      if (x === 'NaN' || x === 'Infinity' || x === '-Infinity') return { doubleValue: x };
      if (typeof x === 'string' && x.trim() !== '' && !Number.isNaN(Number(x))) return { doubleValue: Number(x) };
      break;
    }
    case 'timestampValue':
      if (typeof x !== 'string') break;
      return { timestampValue: normalizeTimestamp(x) };
    case 'stringValue':
      if (typeof x !== 'string') break;
      return { stringValue: x };
    case 'bytesValue':
      // proto3 JSON bytes: standard or URL-safe base64, padding optional.
      if (typeof x !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(x) || x.replace(/=+$/, '').length % 4 === 1) break;
      return { bytesValue: x };
    case 'referenceValue':
      // A resource name below a database's documents (queries also use collection paths here).
      if (typeof x !== 'string' || !/^projects\/[^/]+\/databases\/[^/]+\/documents(\/[^/]+)*$/.test(x)) break;
      return { referenceValue: x };
    case 'geoPointValue': {
      const g = (x ?? {}) as { latitude?: unknown; longitude?: unknown };
      const lat = g.latitude ?? 0;
      const lng = g.longitude ?? 0;
      if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) break;
      return { geoPointValue: { latitude: lat, longitude: lng } };
    }
    case 'arrayValue': {
      const vals = (x as { values?: unknown } | null)?.values ?? [];
      if (!Array.isArray(vals)) break;
      const out = vals.map((e) => {
        const n = normalizeValue(e, depth + 1);
        if ('arrayValue' in n) throw new FirestoreError('INVALID_ARGUMENT', 'Cannot have nested arrays');
        return n;
      });
      return out.length ? { arrayValue: { values: out } } : { arrayValue: {} };
    }
    case 'mapValue': {
      const f = (x as { fields?: unknown } | null)?.fields ?? {};
      const fields = normalizeFields(f, depth + 1);
      return Object.keys(fields).length ? { mapValue: { fields } } : { mapValue: {} };
    }
  }
  throw new FirestoreError('INVALID_ARGUMENT', `Invalid value for ${k}: ${JSON.stringify(x)?.slice(0, 100)}`);
}

export function normalizeFields(f: unknown, depth = 0): Fields {
  if (f === null || typeof f !== 'object' || Array.isArray(f)) {
    throw new FirestoreError('INVALID_ARGUMENT', 'Document fields must be an object');
  }
  const out: Fields = {};
  for (const [k, v] of Object.entries(f as Record<string, unknown>)) {
    if (k === '') throw new FirestoreError('INVALID_ARGUMENT', 'Field names must not be empty');
    out[k] = normalizeValue(v, depth);
  }
  return out;
}

/** Approximates Firestore's storage size accounting of a value. */
export function valueSize(v: Value): number {
  if ('nullValue' in v || 'booleanValue' in v) return 1;
  if ('integerValue' in v || 'doubleValue' in v || 'timestampValue' in v) return 8;
  if ('stringValue' in v) return Buffer.byteLength(v.stringValue) + 1;
  if ('bytesValue' in v) return Math.floor((v.bytesValue.length * 3) / 4);
  if ('referenceValue' in v) return Buffer.byteLength(v.referenceValue) + 1;
  if ('geoPointValue' in v) return 16;
  if ('arrayValue' in v) {
    let n = 0;
    for (const e of v.arrayValue.values ?? []) n += valueSize(e);
    return n;
  }
  return fieldsSize(v.mapValue.fields ?? {});
}

export function fieldsSize(f: Fields): number {
  let n = 0;
  for (const k in f) n += Buffer.byteLength(k) + 1 + valueSize(f[k]!);
  return n;
}
