/**
 * Converts between protobufjs messages (what the gRPC wire decodes to) and the
 * proto3 JSON form the engine speaks (contract.ts), by walking the protobuf
 * reflection types, so every message of the Firestore service is covered:
 * oneofs (presence kept, even for default values), int64 <-> decimal strings,
 * bytes <-> base64, enums by name, and the well-known types (Timestamp,
 * Duration, wrappers, Struct/Value/ListValue, FieldMask, Empty, Any).
 */
import protobuf from 'protobufjs';
import { root } from './protos.ts';

type JsonObject = Record<string, unknown>;

/** A value that does not fit the message type; carries the field path. */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

// protobufjs recomputes `fullName` by walking parents on every access; this is hot.
const fullNames = new WeakMap<protobuf.ReflectionObject, string>();
function fullNameOf(o: protobuf.ReflectionObject | null | undefined): string | undefined {
  if (!o) return undefined;
  let name = fullNames.get(o);
  if (name === undefined) {
    name = o.fullName;
    fullNames.set(o, name);
  }
  return name;
}

/* ------------------------------ int64 ------------------------------- */

interface LongLike {
  low: number;
  high: number;
  unsigned?: boolean;
}

const UNSIGNED_64 = new Set(['uint64', 'fixed64']);
const INT_64 = new Set(['int64', 'sint64', 'sfixed64', 'uint64', 'fixed64']);
const INT_32 = new Set(['int32', 'sint32', 'sfixed32', 'uint32', 'fixed32']);

function longToString(v: unknown, unsigned: boolean): string {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint') return v.toString();
  const l = v as LongLike;
  const bits = (BigInt(l.high >>> 0) << 32n) | BigInt(l.low >>> 0);
  return (unsigned ? BigInt.asUintN(64, bits) : BigInt.asIntN(64, bits)).toString();
}

function longFromJson(v: unknown, unsigned: boolean, path: string): LongLike | number {
  // Fast path: protobufjs writes safe integers given as numbers exactly.
  if (typeof v === 'number' && Number.isSafeInteger(v) && (v >= 0 || !unsigned)) return v;
  if (typeof v === 'string' && v.length < 16 && /^-?\d+$/.test(v)) {
    const n = Number(v);
    if (n >= 0 || !unsigned) return n;
  }
  let big: bigint;
  if (typeof v === 'number' && Number.isInteger(v)) big = BigInt(v);
  else if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) big = BigInt(v.trim());
  else if (typeof v === 'bigint') big = v;
  else throw new ConversionError(`${path}: expected an integer, got ${JSON.stringify(v)}`);
  const min = unsigned ? 0n : -(1n << 63n);
  const max = unsigned ? (1n << 64n) - 1n : (1n << 63n) - 1n;
  if (big < min || big > max) throw new ConversionError(`${path}: integer ${big} is out of the 64-bit range`);
  const bits = BigInt.asUintN(64, big);
  return { low: Number(bits & 0xffffffffn) | 0, high: Number(bits >> 32n) | 0, unsigned };
}

function isZeroLong(v: unknown): boolean {
  if (typeof v === 'number' || typeof v === 'string') return Number(v) === 0;
  const l = v as LongLike;
  return l.low === 0 && l.high === 0;
}

/* ---------------------------- timestamps ---------------------------- */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;
// Firestore's valid range: 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999999999Z.
const MIN_SECONDS = -62135596800;
const MAX_SECONDS = 253402300799;

function fraction(nanos: number): string {
  if (nanos === 0) return '';
  const s = String(nanos).padStart(9, '0');
  if (nanos % 1_000_000 === 0) return '.' + s.slice(0, 3);
  if (nanos % 1_000 === 0) return '.' + s.slice(0, 6);
  return '.' + s;
}

/** {seconds, nanos} -> "2024-05-01T12:00:00.123456789Z" (0, 3, 6 or 9 fraction digits). */
export function timestampToString(seconds: number, nanos: number): string {
  if (!Number.isInteger(nanos) || nanos < 0 || nanos > 999_999_999 || !(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS)) {
    throw new ConversionError(`timestamp {seconds: ${seconds}, nanos: ${nanos}} is out of range`);
  }
  const iso = new Date(seconds * 1000).toISOString(); // "YYYY-MM-DDTHH:MM:SS.000Z"
  return iso.slice(0, 19) + fraction(nanos) + 'Z';
}

/** Digits at `from`..`to` of s as a number, or -1 when one is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * The engine's own time format, "YYYY-MM-DDTHH:MM:SS.fffffffffZ" (1-9 fraction
 * digits), read without a regular expression: a read response carries up to
 * four times (field values, create, update and read times). Anything else, or
 * anything out of range, returns null for the general parser to handle.
 */
function parseEngineTime(s: string): { seconds: number; nanos: number } | null {
  const n = s.length;
  if (n < 22 || n > 30 || s[19] !== '.' || s[n - 1] !== 'Z' || s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':') {
    return null;
  }
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 7);
  const day = digits(s, 8, 10);
  const hour = digits(s, 11, 13);
  const minute = digits(s, 14, 16);
  const second = digits(s, 17, 19);
  const fraction = digits(s, 20, n - 1);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59 || fraction < 0) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(ms).getUTCDate() !== day) return null; // e.g. February 30th
  return { seconds: ms / 1000, nanos: fraction * 10 ** (9 - (n - 21)) };
}

export function timestampFromString(s: string, path = 'timestamp'): { seconds: number; nanos: number } {
  const fast = parseEngineTime(s);
  if (fast) return fast;
  const m = RFC3339.exec(s);
  if (!m) throw new ConversionError(`${path}: invalid RFC 3339 timestamp ${JSON.stringify(s)}`);
  const [, y, mo, d, h, mi, se, frac, zone] = m;
  const year = Number(y);
  let ms = Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  if (year < 100) {
    // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
    const date = new Date(ms);
    date.setUTCFullYear(year);
    ms = date.getTime();
  }
  let seconds = Math.floor(ms / 1000);
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    seconds -= sign * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  }
  const nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  if (Number.isNaN(seconds) || seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw new ConversionError(`${path}: timestamp ${JSON.stringify(s)} is out of range`);
  }
  return { seconds, nanos };
}

function durationToString(seconds: number, nanos: number): string {
  const negative = seconds < 0 || nanos < 0;
  return `${negative ? '-' : ''}${Math.abs(seconds)}${fraction(Math.abs(nanos))}s`;
}

function durationFromString(s: unknown, path: string): { seconds: LongLike | number; nanos: number } {
  const m = typeof s === 'string' ? /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(s) : null;
  if (!m) throw new ConversionError(`${path}: invalid duration ${JSON.stringify(s)}`);
  const sign = m[1] ? -1 : 1;
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0;
  return { seconds: longFromJson(sign * Number(m[2]), false, path), nanos: sign * nanos || 0 };
}

/* ------------------------- message -> JSON -------------------------- */

type ToJson = (msg: JsonObject, type: protobuf.Type) => unknown;
type FromJson = (json: unknown, type: protobuf.Type, path: string) => unknown;

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  return Number(longToString(v, false));
}

function wrapperToJson(msg: JsonObject, type: protobuf.Type): unknown {
  const field = type.fields['value']!;
  return scalarToJson(field, msg['value'] ?? field.typeDefault);
}

function structValueToJson(msg: JsonObject): unknown {
  if (hasOwn(msg, 'nullValue')) return null;
  if (hasOwn(msg, 'numberValue')) return msg['numberValue'];
  if (hasOwn(msg, 'stringValue')) return msg['stringValue'];
  if (hasOwn(msg, 'boolValue')) return msg['boolValue'];
  if (hasOwn(msg, 'structValue')) return structToJson(msg['structValue'] as JsonObject);
  if (hasOwn(msg, 'listValue')) return listToJson(msg['listValue'] as JsonObject);
  return null;
}
function structToJson(msg: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries((msg['fields'] ?? {}) as Record<string, JsonObject>)) out[k] = structValueToJson(v);
  return out;
}
function listToJson(msg: JsonObject): unknown[] {
  return ((msg['values'] ?? []) as JsonObject[]).map(structValueToJson);
}

function anyToJson(msg: JsonObject): unknown {
  // The shipped descriptor names it type_url (kept snake_case); accept both.
  const typeUrl = String(msg['type_url'] ?? msg['typeUrl'] ?? '');
  const value = (msg['value'] ?? new Uint8Array()) as Uint8Array;
  const inner = lookupTypeByUrl(typeUrl);
  if (!inner) return { '@type': typeUrl, value: Buffer.from(value).toString('base64') };
  const json = messageToJson(inner, inner.decode(value) as unknown as JsonObject);
  if (WELL_KNOWN_TO_JSON[fullNameOf(inner)!]) return { '@type': typeUrl, value: json };
  return { '@type': typeUrl, ...(json as JsonObject) };
}

function lookupTypeByUrl(typeUrl: string): protobuf.Type | undefined {
  const name = typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
  try {
    return root.lookupType(name);
  } catch {
    return undefined;
  }
}

const WELL_KNOWN_TO_JSON: Record<string, ToJson> = {
  '.google.protobuf.Timestamp': (m) => timestampToString(toNumber(m['seconds'] ?? 0), Number(m['nanos'] ?? 0)),
  '.google.protobuf.Duration': (m) => durationToString(toNumber(m['seconds'] ?? 0), Number(m['nanos'] ?? 0)),
  '.google.protobuf.DoubleValue': wrapperToJson,
  '.google.protobuf.FloatValue': wrapperToJson,
  '.google.protobuf.Int64Value': wrapperToJson,
  '.google.protobuf.UInt64Value': wrapperToJson,
  '.google.protobuf.Int32Value': wrapperToJson,
  '.google.protobuf.UInt32Value': wrapperToJson,
  '.google.protobuf.BoolValue': wrapperToJson,
  '.google.protobuf.StringValue': wrapperToJson,
  '.google.protobuf.BytesValue': wrapperToJson,
  '.google.protobuf.Struct': structToJson,
  '.google.protobuf.Value': structValueToJson,
  '.google.protobuf.ListValue': listToJson,
  '.google.protobuf.FieldMask': (m) => ((m['paths'] ?? []) as string[]).join(','),
  '.google.protobuf.Any': anyToJson,
  // Both coordinates always, even 0: readers index them directly.
  '.google.type.LatLng': (m) => ({ latitude: Number(m['latitude'] ?? 0), longitude: Number(m['longitude'] ?? 0) }),
};

function scalarToJson(field: protobuf.Field, v: unknown): unknown {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Enum) {
    if (fullNameOf(rt) === '.google.protobuf.NullValue') return null;
    return rt.valuesById[v as number] ?? v;
  }
  if (INT_64.has(field.type)) return longToString(v, UNSIGNED_64.has(field.type));
  if (field.type === 'double' || field.type === 'float') {
    const n = v as number;
    return Number.isFinite(n) ? n : Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
  }
  if (field.type === 'bytes') return Buffer.from(v as Uint8Array).toString('base64');
  return v;
}

function fieldValueToJson(field: protobuf.Field, v: unknown): unknown {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) return messageToJson(rt, v as JsonObject);
  return scalarToJson(field, v);
}

function isDefaultScalar(field: protobuf.Field, v: unknown): boolean {
  if (INT_64.has(field.type)) return isZeroLong(v);
  if (field.type === 'bytes') return (v as Uint8Array).length === 0;
  return v === 0 || v === '' || v === false;
}

/** A decoded protobufjs message -> its proto3 JSON form. */
export function messageToJson(type: protobuf.Type, msg: JsonObject): unknown {
  const special = WELL_KNOWN_TO_JSON[fullNameOf(type)!];
  if (special) return special(msg, type);
  const out: JsonObject = {};
  for (const field of type.fieldsArray) {
    const v = msg[field.name];
    if (v == null) continue;
    if (field.map) {
      const entries = Object.entries(v as JsonObject);
      if (entries.length === 0) continue;
      const o: JsonObject = {};
      for (const [k, item] of entries) o[k] = fieldValueToJson(field, item);
      out[field.name] = o;
    } else if (field.repeated) {
      const items = v as unknown[];
      if (items.length === 0) continue;
      out[field.name] = items.map((item) => fieldValueToJson(field, item));
    } else if (field.partOf) {
      // Oneof members (and proto3 `optional`) keep explicit presence, even for 0/false.
      if (!hasOwn(msg, field.name)) continue;
      out[field.name] = fieldValueToJson(field, v);
    } else if (field.resolvedType instanceof protobuf.Type) {
      out[field.name] = fieldValueToJson(field, v);
    } else {
      if (isDefaultScalar(field, v)) continue; // proto3 JSON omits defaults
      out[field.name] = scalarToJson(field, v);
    }
  }
  return out;
}

/* ------------------------- JSON -> message -------------------------- */

function wrapperFromJson(json: unknown, type: protobuf.Type, path: string): JsonObject {
  return { value: scalarFromJson(type.fields['value']!, json, path) };
}

function structValueFromJson(json: unknown, _t: protobuf.Type, path: string): JsonObject {
  if (json === null) return { nullValue: 0 };
  if (typeof json === 'number') return { numberValue: json };
  if (typeof json === 'string') return { stringValue: json };
  if (typeof json === 'boolean') return { boolValue: json };
  if (Array.isArray(json)) return { listValue: listFromJson(json, _t, path) };
  if (typeof json === 'object') return { structValue: structFromJson(json, _t, path) };
  throw new ConversionError(`${path}: not a JSON value`);
}
function structFromJson(json: unknown, t: protobuf.Type, path: string): JsonObject {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new ConversionError(`${path}: expected an object`);
  const fields: JsonObject = {};
  for (const [k, v] of Object.entries(json)) fields[k] = structValueFromJson(v, t, `${path}.${k}`);
  return { fields };
}
function listFromJson(json: unknown, t: protobuf.Type, path: string): JsonObject {
  if (!Array.isArray(json)) throw new ConversionError(`${path}: expected an array`);
  return { values: json.map((v, i) => structValueFromJson(v, t, `${path}[${i}]`)) };
}

function anyFromJson(json: unknown, _t: protobuf.Type, path: string): JsonObject {
  const o = json as JsonObject;
  const typeUrl = typeof o?.['@type'] === 'string' ? (o['@type'] as string) : '';
  if (!typeUrl) throw new ConversionError(`${path}: Any needs an @type`);
  const inner = lookupTypeByUrl(typeUrl);
  if (!inner) throw new ConversionError(`${path}: unknown Any type ${typeUrl}`);
  const { ['@type']: _drop, ...rest } = o;
  const body = WELL_KNOWN_TO_JSON[fullNameOf(inner)!] ? rest['value'] : rest;
  const value = inner.encode(messageFromJson(inner, body, path) as JsonObject).finish();
  return { [_t.fields['typeUrl'] ? 'typeUrl' : 'type_url']: typeUrl, value };
}

const WELL_KNOWN_FROM_JSON: Record<string, FromJson> = {
  '.google.protobuf.Timestamp': (json, _t, path) => {
    if (typeof json === 'string') {
      const { seconds, nanos } = timestampFromString(json, path);
      return { seconds: longFromJson(seconds, false, path), nanos };
    }
    if (json && typeof json === 'object') {
      const o = json as JsonObject;
      return { seconds: longFromJson(o['seconds'] ?? 0, false, path), nanos: Number(o['nanos'] ?? 0) };
    }
    throw new ConversionError(`${path}: expected an RFC 3339 timestamp string`);
  },
  '.google.protobuf.Duration': (json, _t, path) => durationFromString(json, path),
  '.google.protobuf.DoubleValue': wrapperFromJson,
  '.google.protobuf.FloatValue': wrapperFromJson,
  '.google.protobuf.Int64Value': wrapperFromJson,
  '.google.protobuf.UInt64Value': wrapperFromJson,
  '.google.protobuf.Int32Value': wrapperFromJson,
  '.google.protobuf.UInt32Value': wrapperFromJson,
  '.google.protobuf.BoolValue': wrapperFromJson,
  '.google.protobuf.StringValue': wrapperFromJson,
  '.google.protobuf.BytesValue': wrapperFromJson,
  '.google.protobuf.Struct': structFromJson,
  '.google.protobuf.Value': structValueFromJson,
  '.google.protobuf.ListValue': listFromJson,
  '.google.protobuf.FieldMask': (json, _t, path) => {
    if (typeof json === 'string') return { paths: json === '' ? [] : json.split(',') };
    throw new ConversionError(`${path}: expected a comma-separated FieldMask string`);
  },
  '.google.protobuf.Any': anyFromJson,
};

function scalarFromJson(field: protobuf.Field, v: unknown, path: string): unknown {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Enum) {
    if (fullNameOf(rt) === '.google.protobuf.NullValue') {
      if (v === null || v === 'NULL_VALUE' || v === 0) return 0;
      throw new ConversionError(`${path}: expected null`);
    }
    if (typeof v === 'string' && v in rt.values) return rt.values[v];
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    throw new ConversionError(`${path}: ${JSON.stringify(v)} is not a value of ${rt.name}`);
  }
  if (INT_64.has(field.type)) return longFromJson(v, UNSIGNED_64.has(field.type), path);
  switch (field.type) {
    case 'double':
    case 'float': {
      if (typeof v === 'number') return v;
      if (v === 'NaN') return NaN;
      if (v === 'Infinity') return Infinity;
      if (v === '-Infinity') return -Infinity;
      if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
      throw new ConversionError(`${path}: expected a number, got ${JSON.stringify(v)}`);
    }
    case 'bool':
      if (typeof v === 'boolean') return v;
      throw new ConversionError(`${path}: expected a boolean, got ${JSON.stringify(v)}`);
    case 'string':
      if (typeof v === 'string') return v;
      throw new ConversionError(`${path}: expected a string, got ${JSON.stringify(v)}`);
    case 'bytes':
      if (typeof v === 'string') return Buffer.from(v, 'base64');
      if (v instanceof Uint8Array) return v;
      throw new ConversionError(`${path}: expected base64 bytes, got ${JSON.stringify(v)}`);
    default:
      if (INT_32.has(field.type)) {
        const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
        if (typeof n === 'number' && Number.isInteger(n)) return n;
        throw new ConversionError(`${path}: expected an integer, got ${JSON.stringify(v)}`);
      }
      throw new ConversionError(`${path}: unsupported field type ${field.type}`);
  }
}

function fieldValueFromJson(field: protobuf.Field, v: unknown, path: string): unknown {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) return messageFromJson(rt, v, path);
  return scalarFromJson(field, v, path);
}

/**
 * A proto3 JSON object -> a plain object protobufjs can encode with `type.encode`.
 * Unknown fields are an error (they would otherwise be silently dropped).
 */
export function messageFromJson(type: protobuf.Type, json: unknown, path: string = type.name): unknown {
  const special = WELL_KNOWN_FROM_JSON[fullNameOf(type)!];
  if (special) return special(json, type, path);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new ConversionError(`${path}: expected an object for ${type.name}`);
  }
  const out: JsonObject = {};
  let oneofSeen: Map<string, string> | undefined;
  const obj = json as JsonObject;
  for (const key in obj) {
    if (!hasOwn(obj, key)) continue;
    const v = obj[key];
    const field = type.fields[key];
    if (!field) throw new ConversionError(`${path}: unknown field "${key}" for ${type.name}`);
    const fieldPath = `${path}.${key}`;
    const keepsNull =
      fullNameOf(field.resolvedType) === '.google.protobuf.NullValue' ||
      fullNameOf(field.resolvedType) === '.google.protobuf.Value';
    if (v === undefined || (v === null && !keepsNull)) continue; // null means "default" in proto3 JSON
    if (field.partOf) {
      oneofSeen ??= new Map();
      const other = oneofSeen.get(field.partOf.name);
      if (other) throw new ConversionError(`${path}: "${other}" and "${key}" are both set in oneof ${field.partOf.name}`);
      oneofSeen.set(field.partOf.name, key);
    }
    if (field.map) {
      if (typeof v !== 'object' || Array.isArray(v)) throw new ConversionError(`${fieldPath}: expected an object`);
      const o: JsonObject = {};
      for (const [k, item] of Object.entries(v as JsonObject)) o[k] = fieldValueFromJson(field, item, `${fieldPath}.${k}`);
      out[key] = o;
    } else if (field.repeated) {
      if (!Array.isArray(v)) throw new ConversionError(`${fieldPath}: expected an array`);
      out[key] = v.map((item, i) => fieldValueFromJson(field, item, `${fieldPath}[${i}]`));
    } else {
      out[key] = fieldValueFromJson(field, v, fieldPath);
    }
  }
  return out;
}

/* ------------------------- wire conveniences ------------------------ */

/** Protobuf bytes -> proto3 JSON. Throws on malformed input. */
export function decodeToJson(type: protobuf.Type, bytes: Uint8Array): JsonObject {
  // A plain Uint8Array, not a Buffer: protobufjs's Buffer reader silently clamps
  // truncated strings, its generic reader bounds-checks them.
  const view = Buffer.isBuffer(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
  return messageToJson(type, type.decode(view) as unknown as JsonObject) as JsonObject;
}

/** Proto3 JSON -> protobuf bytes. Throws ConversionError when the JSON does not fit. */
export function encodeFromJson(type: protobuf.Type, json: unknown): Uint8Array {
  return type.encode(messageFromJson(type, json) as JsonObject).finish();
}
