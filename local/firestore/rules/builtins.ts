/**
 * Global functions, namespaced functions (math.*, timestamp.*, duration.*,
 * hashing.*, latlng.*) and type methods of the rules language. Names are known
 * at compile time so an unknown function or method is a compile error.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { fetchDocument, type EvalCtx } from './context.ts';
import { fail } from './errors.ts';
import { compileRegex } from './regex.ts';
import {
  checkedInt,
  documentToVal,
  equals,
  floorDiv,
  formatTimestamp,
  INT64_MAX,
  INT64_MIN,
  isNumber,
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  splitPath,
  typeName,
  type Val,
} from './values.ts';

export interface Builtin {
  min: number;
  max: number;
  fn: (ctx: EvalCtx, args: Val[]) => Val;
}

const b = (min: number, max: number, fn: Builtin['fn']): Builtin => ({ min, max, fn });

/* ------------------------------ helpers ------------------------------ */

function asString(v: Val, what: string): string {
  if (typeof v !== 'string') fail(`${what} needs a string, got ${typeName(v)}`);
  return v;
}
function asInt(v: Val, what: string): bigint {
  if (typeof v !== 'bigint') fail(`${what} needs an int, got ${typeName(v)}`);
  return v;
}
function asNumber(v: Val, what: string): number {
  if (!isNumber(v)) fail(`${what} needs a number, got ${typeName(v)}`);
  return Number(v);
}
function asList(v: Val, what: string): Val[] {
  if (!Array.isArray(v)) fail(`${what} needs a list, got ${typeName(v)}`);
  return v;
}
function asMap(v: Val, what: string): RMap {
  if (!(v instanceof RMap)) fail(`${what} needs a map, got ${typeName(v)}`);
  return v;
}
/** hasAll/hasAny/hasOnly/union… accept a list or a set. */
function asItems(v: Val, what: string): Val[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return v.items;
  return fail(`${what} needs a list or set, got ${typeName(v)}`);
}
function toInt(n: number, what: string): bigint {
  if (!Number.isFinite(n)) fail(`${what}: ${n} is not a finite number`);
  const i = BigInt(Math.trunc(n));
  if (i < INT64_MIN || i > INT64_MAX) fail(`${what}: out of int range`);
  return i;
}
function utf8(v: Val, what: string): Uint8Array {
  if (typeof v === 'string') return new TextEncoder().encode(v);
  if (v instanceof RBytes) return v.bytes;
  return fail(`${what} needs a string or bytes, got ${typeName(v)}`);
}
const codePoints = (s: string): string[] => Array.from(s);

const NANOS_PER_MS = 1_000_000n;
const NANOS_PER_S = 1_000_000_000n;

function utcDate(t: RTimestamp): Date {
  const ms = Number(floorDiv(t.nanos, NANOS_PER_MS));
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) fail('timestamp out of range');
  return d;
}

function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/* --------------------------- global functions -------------------------- */

export const GLOBAL_FUNCTIONS: Record<string, Builtin> = {
  get: b(1, 1, (ctx, [p]) => {
    const doc = fetchDocument(ctx, p ?? null, false);
    return doc ? documentToVal(doc) : null;
  }),
  exists: b(1, 1, (ctx, [p]) => fetchDocument(ctx, p ?? null, false) !== null),
  getAfter: b(1, 1, (ctx, [p]) => {
    const doc = fetchDocument(ctx, p ?? null, true);
    return doc ? documentToVal(doc) : null;
  }),
  existsAfter: b(1, 1, (ctx, [p]) => fetchDocument(ctx, p ?? null, true) !== null),
  debug: b(1, 1, (_ctx, [v]) => v ?? null),
  int: b(1, 1, (_ctx, [v = null]) => {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number') return toInt(v, 'int()');
    if (typeof v === 'string' && /^[+-]?\d+$/.test(v)) return checkedInt(BigInt(v));
    return fail(`int() cannot convert ${typeName(v)} ${typeof v === 'string' ? `'${v}'` : ''}`);
  }),
  float: b(1, 1, (_ctx, [v = null]) => {
    if (isNumber(v)) return Number(v);
    if (typeof v === 'string' && /^\s*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|[+-]?Infinity|NaN)\s*$/.test(v)) return Number(v);
    return fail(`float() cannot convert ${typeName(v)}`);
  }),
  string: b(1, 1, (_ctx, [v = null]) => {
    if (v === null) return 'null';
    if (typeof v === 'string') return v;
    if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
    if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
    if (v instanceof RPath) return v.toString();
    if (v instanceof RTimestamp) return formatTimestamp(v);
    return fail(`string() cannot convert ${typeName(v)}`);
  }),
  bool: b(1, 1, (_ctx, [v = null]) => {
    if (typeof v === 'boolean') return v;
    if (v === 'true') return true;
    if (v === 'false') return false;
    return fail(`bool() cannot convert ${typeName(v)}`);
  }),
  path: b(1, 1, (_ctx, [v = null]) => {
    if (v instanceof RPath) return v;
    return new RPath(splitPath(asString(v, 'path()')));
  }),
};

/* ------------------------------ namespaces ----------------------------- */

const DURATION_UNITS: Record<string, bigint> = {
  w: 7n * 86_400n * NANOS_PER_S,
  d: 86_400n * NANOS_PER_S,
  h: 3_600n * NANOS_PER_S,
  m: 60n * NANOS_PER_S,
  s: NANOS_PER_S,
  ms: NANOS_PER_MS,
  ns: 1n,
};

function roundHalfAway(n: number): number {
  return Math.sign(n) * Math.round(Math.abs(n));
}

export const NAMESPACES: Record<string, Record<string, Builtin>> = {
  math: {
    abs: b(1, 1, (_c, [v = null]) => (typeof v === 'bigint' ? checkedInt(v < 0n ? -v : v) : Math.abs(asNumber(v, 'math.abs')))),
    ceil: b(1, 1, (_c, [v = null]) => (typeof v === 'bigint' ? v : toInt(Math.ceil(asNumber(v, 'math.ceil')), 'math.ceil'))),
    floor: b(1, 1, (_c, [v = null]) => (typeof v === 'bigint' ? v : toInt(Math.floor(asNumber(v, 'math.floor')), 'math.floor'))),
    round: b(1, 1, (_c, [v = null]) => (typeof v === 'bigint' ? v : toInt(roundHalfAway(asNumber(v, 'math.round')), 'math.round'))),
    sqrt: b(1, 1, (_c, [v = null]) => Math.sqrt(asNumber(v, 'math.sqrt'))),
    pow: b(2, 2, (_c, [x = null, y = null]) => Math.pow(asNumber(x, 'math.pow'), asNumber(y, 'math.pow'))),
    isInfinite: b(1, 1, (_c, [v = null]) => {
      const n = asNumber(v, 'math.isInfinite');
      return n === Infinity || n === -Infinity;
    }),
    isNaN: b(1, 1, (_c, [v = null]) => Number.isNaN(asNumber(v, 'math.isNaN'))),
  },
  timestamp: {
    date: b(3, 3, (_c, [y = null, m = null, d = null]) => {
      const ms = Date.UTC(Number(asInt(y, 'timestamp.date')), Number(asInt(m, 'timestamp.date')) - 1, Number(asInt(d, 'timestamp.date')));
      return new RTimestamp(BigInt(ms) * NANOS_PER_MS);
    }),
    value: b(1, 1, (_c, [ms = null]) => new RTimestamp(asInt(ms, 'timestamp.value') * NANOS_PER_MS)),
  },
  duration: {
    value: b(2, 2, (_c, [n = null, unit = null]) => {
      const factor = DURATION_UNITS[asString(unit, 'duration.value')];
      if (factor === undefined) fail(`unknown duration unit '${String(unit)}'`);
      return new RDuration(asInt(n, 'duration.value') * factor);
    }),
    time: b(4, 4, (_c, [h = null, m = null, s = null, ns = null]) =>
      new RDuration(asInt(h, 'duration.time') * 3600n * NANOS_PER_S + asInt(m, 'duration.time') * 60n * NANOS_PER_S + asInt(s, 'duration.time') * NANOS_PER_S + asInt(ns, 'duration.time')),
    ),
    abs: b(1, 1, (_c, [d = null]) => {
      if (!(d instanceof RDuration)) fail('duration.abs needs a duration');
      return new RDuration(d.nanos < 0n ? -d.nanos : d.nanos);
    }),
  },
  hashing: {
    crc32: b(1, 1, (_c, [v = null]) => BigInt(crc32(utf8(v, 'hashing.crc32')))),
    crc32c: b(1, 1, (_c, [v = null]) => BigInt(crc32c(utf8(v, 'hashing.crc32c')))),
    md5: b(1, 1, (_c, [v = null]) => new RBytes(new Uint8Array(createHash('md5').update(utf8(v, 'hashing.md5')).digest()))),
    sha256: b(1, 1, (_c, [v = null]) => new RBytes(new Uint8Array(createHash('sha256').update(utf8(v, 'hashing.sha256')).digest()))),
  },
  latlng: {
    value: b(2, 2, (_c, [lat = null, lng = null]) => {
      const la = asNumber(lat, 'latlng.value');
      const lo = asNumber(lng, 'latlng.value');
      if (la < -90 || la > 90 || lo < -180 || lo > 180) fail('latlng out of range');
      return new RLatLng(la, lo);
    }),
  },
};

/* -------------------------------- methods ------------------------------- */

type Method = { min: number; max: number; fn: (recv: Val, args: Val[]) => Val };
const m = (min: number, max: number, fn: Method['fn']): Method => ({ min, max, fn });

function diffKeys(d: RMapDiff, pick: 'added' | 'removed' | 'changed' | 'unchanged' | 'affected'): RSet {
  const out: string[] = [];
  const { left, right } = d;
  for (const [k, v] of left.entries) {
    const inRight = right.entries.has(k);
    const same = inRight && equals(v, right.entries.get(k) as Val);
    if (!inRight && (pick === 'added' || pick === 'affected')) out.push(k);
    if (inRight && !same && (pick === 'changed' || pick === 'affected')) out.push(k);
    if (same && pick === 'unchanged') out.push(k);
  }
  if (pick === 'removed' || pick === 'affected') {
    for (const k of right.entries.keys()) if (!left.entries.has(k)) out.push(k);
  }
  return new RSet(out);
}

const STRING_METHODS: Record<string, Method> = {
  size: m(0, 0, (s) => BigInt(codePoints(s as string).length)),
  lower: m(0, 0, (s) => (s as string).toLowerCase()),
  upper: m(0, 0, (s) => (s as string).toUpperCase()),
  trim: m(0, 0, (s) => (s as string).trim()),
  matches: m(1, 1, (s, [re = null]) => compileRegex(asString(re, 'matches')).full.test(s as string)),
  split: m(1, 1, (s, [re = null]) => (s as string).split(compileRegex(asString(re, 'split')).global)),
  replace: m(2, 2, (s, [re = null, sub = null]) => {
    const replacement = asString(sub, 'replace');
    return (s as string).replace(compileRegex(asString(re, 'replace')).global, () => replacement);
  }),
  toUtf8: m(0, 0, (s) => new RBytes(new TextEncoder().encode(s as string))),
};

const LIST_METHODS: Record<string, Method> = {
  size: m(0, 0, (l) => BigInt((l as Val[]).length)),
  hasAll: m(1, 1, (l, [o = null]) => asItems(o, 'hasAll').every((x) => (l as Val[]).some((y) => equals(x, y)))),
  hasAny: m(1, 1, (l, [o = null]) => asItems(o, 'hasAny').some((x) => (l as Val[]).some((y) => equals(x, y)))),
  hasOnly: m(1, 1, (l, [o = null]) => {
    const allowed = asItems(o, 'hasOnly');
    return (l as Val[]).every((x) => allowed.some((y) => equals(x, y)));
  }),
  join: m(0, 1, (l, [sep = '']) => (l as Val[]).map((x) => asString(x, 'join')).join(asString(sep, 'join'))),
  concat: m(1, 1, (l, [o = null]) => [...(l as Val[]), ...asList(o, 'concat')]),
  removeAll: m(1, 1, (l, [o = null]) => {
    const drop = asItems(o, 'removeAll');
    return (l as Val[]).filter((x) => !drop.some((y) => equals(x, y)));
  }),
  toSet: m(0, 0, (l) => new RSet(l as Val[])),
};

const MAP_METHODS: Record<string, Method> = {
  size: m(0, 0, (mp) => BigInt((mp as RMap).entries.size)),
  keys: m(0, 0, (mp) => [...(mp as RMap).entries.keys()]),
  values: m(0, 0, (mp) => [...(mp as RMap).entries.values()]),
  get: m(2, 2, (mp, [key = null, dflt = null]) => {
    // A list key walks nested maps: m.get(['a', 'b'], d) reads m.a.b.
    const keys = Array.isArray(key) ? key : [key];
    let cur: Val = mp;
    for (const k of keys) {
      const field = asString(k, 'map.get');
      if (!(cur instanceof RMap) || !cur.entries.has(field)) return dflt;
      cur = cur.entries.get(field) as Val;
    }
    return cur;
  }),
  diff: m(1, 1, (mp, [o = null]) => new RMapDiff(mp as RMap, asMap(o, 'diff'))),
};

const SET_METHODS: Record<string, Method> = {
  size: m(0, 0, (s) => BigInt((s as RSet).size)),
  hasAll: m(1, 1, (s, [o = null]) => asItems(o, 'hasAll').every((x) => (s as RSet).has(x))),
  hasAny: m(1, 1, (s, [o = null]) => asItems(o, 'hasAny').some((x) => (s as RSet).has(x))),
  hasOnly: m(1, 1, (s, [o = null]) => {
    const allowed = new RSet(asItems(o, 'hasOnly'));
    return (s as RSet).items.every((x) => allowed.has(x));
  }),
  union: m(1, 1, (s, [o = null]) => new RSet([...(s as RSet).items, ...asItems(o, 'union')])),
  intersection: m(1, 1, (s, [o = null]) => {
    const other = new RSet(asItems(o, 'intersection'));
    return new RSet((s as RSet).items.filter((x) => other.has(x)));
  }),
  difference: m(1, 1, (s, [o = null]) => {
    const other = new RSet(asItems(o, 'difference'));
    return new RSet((s as RSet).items.filter((x) => !other.has(x)));
  }),
};

const MAP_DIFF_METHODS: Record<string, Method> = {
  addedKeys: m(0, 0, (d) => diffKeys(d as RMapDiff, 'added')),
  removedKeys: m(0, 0, (d) => diffKeys(d as RMapDiff, 'removed')),
  changedKeys: m(0, 0, (d) => diffKeys(d as RMapDiff, 'changed')),
  unchangedKeys: m(0, 0, (d) => diffKeys(d as RMapDiff, 'unchanged')),
  affectedKeys: m(0, 0, (d) => diffKeys(d as RMapDiff, 'affected')),
};

const TIMESTAMP_METHODS: Record<string, Method> = {
  toMillis: m(0, 0, (t) => floorDiv((t as RTimestamp).nanos, NANOS_PER_MS)),
  year: m(0, 0, (t) => BigInt(utcDate(t as RTimestamp).getUTCFullYear())),
  month: m(0, 0, (t) => BigInt(utcDate(t as RTimestamp).getUTCMonth() + 1)),
  day: m(0, 0, (t) => BigInt(utcDate(t as RTimestamp).getUTCDate())),
  hours: m(0, 0, (t) => BigInt(utcDate(t as RTimestamp).getUTCHours())),
  minutes: m(0, 0, (t) => BigInt(utcDate(t as RTimestamp).getUTCMinutes())),
  seconds: m(0, 0, (t) => BigInt(utcDate(t as RTimestamp).getUTCSeconds())),
  nanos: m(0, 0, (t) => (t as RTimestamp).nanos - floorDiv((t as RTimestamp).nanos, NANOS_PER_S) * NANOS_PER_S),
  // ISO day of week: Monday = 1 … Sunday = 7.
  dayOfWeek: m(0, 0, (t) => BigInt(((utcDate(t as RTimestamp).getUTCDay() + 6) % 7) + 1)),
  dayOfYear: m(0, 0, (t) => {
    const d = utcDate(t as RTimestamp);
    return BigInt(Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1);
  }),
  date: m(0, 0, (t) => {
    const d = utcDate(t as RTimestamp);
    return new RTimestamp(BigInt(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) * NANOS_PER_MS);
  }),
  time: m(0, 0, (t) => {
    const day = 86_400n * NANOS_PER_S;
    const n = (t as RTimestamp).nanos;
    return new RDuration(n - floorDiv(n, day) * day);
  }),
};

const DURATION_METHODS: Record<string, Method> = {
  // Whole seconds (truncated toward zero) and the remaining nanoseconds, same sign.
  seconds: m(0, 0, (d) => (d as RDuration).nanos / NANOS_PER_S),
  nanos: m(0, 0, (d) => (d as RDuration).nanos % NANOS_PER_S),
};

const BYTES_METHODS: Record<string, Method> = {
  size: m(0, 0, (v) => BigInt((v as RBytes).bytes.length)),
  toBase64: m(0, 0, (v) => Buffer.from((v as RBytes).bytes).toString('base64')),
  toHexString: m(0, 0, (v) => Buffer.from((v as RBytes).bytes).toString('hex').toUpperCase()),
};

const LATLNG_METHODS: Record<string, Method> = {
  latitude: m(0, 0, (v) => (v as RLatLng).lat),
  longitude: m(0, 0, (v) => (v as RLatLng).lng),
  distance: m(1, 1, (v, [o = null]) => {
    if (!(o instanceof RLatLng)) fail('distance needs a latlng');
    const a = v as RLatLng;
    const rad = Math.PI / 180;
    const h = Math.sin(((o.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(o.lat * rad) * Math.sin(((o.lng - a.lng) * rad) / 2) ** 2;
    return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
  }),
};

const METHODS_BY_TYPE: Record<string, Record<string, Method>> = {
  string: STRING_METHODS,
  list: LIST_METHODS,
  map: MAP_METHODS,
  set: SET_METHODS,
  map_diff: MAP_DIFF_METHODS,
  timestamp: TIMESTAMP_METHODS,
  duration: DURATION_METHODS,
  bytes: BYTES_METHODS,
  latlng: LATLNG_METHODS,
};

/** Every method name some type has: anything else is a compile error. */
export const KNOWN_METHODS = new Set(Object.values(METHODS_BY_TYPE).flatMap((t) => Object.keys(t)));

export function callMethod(recv: Val, name: string, args: Val[]): Val {
  const type = typeName(recv);
  const method = METHODS_BY_TYPE[type]?.[name];
  if (!method) fail(`${type} has no method ${name}()`);
  if (args.length < method.min || args.length > method.max) fail(`${type}.${name}() takes ${method.min}..${method.max} arguments`);
  return method.fn(recv, args);
}
