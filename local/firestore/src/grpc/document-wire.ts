/**
 * Hand-written protobuf encoding of google.firestore.v1.Document and of the
 * read responses that carry documents (GetDocument, BatchGetDocuments,
 * RunQuery, ListDocuments), straight from the engine's stored proto3-JSON
 * form. The generic path (convert.ts: JSON -> protobufjs object -> bytes)
 * walks reflection metadata per value: ~40-150 µs per 1 KB document; this
 * writer takes ~20 µs, and the encoded bytes of a stored document are cached
 * and spliced into later responses (~2 µs). Records are immutable (a write
 * stores a new fields object), so the cache needs no invalidation.
 *
 * Anything outside the expected shapes makes `encodeReadResponse` return
 * null, and the caller falls back to the generic encoder, so unusual
 * responses keep the generic path's validation and error messages.
 */
import { timestampFromString } from './convert.ts';

/** Thrown inside the writer when the JSON is not a shape it handles. */
class Unsupported extends Error {}

const INTEGER = /^-?\d+$/;

/** A growable byte buffer with protobuf primitives and length back-patching. */
class Writer {
  buf: Buffer = Buffer.allocUnsafe(4096);
  pos = 0;

  reset(): void {
    this.pos = 0;
  }

  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  varint(n: number): void {
    // n is a non-negative safe integer.
    this.ensure(10);
    const buf = this.buf;
    while (n >= 128) {
      buf[this.pos++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    buf[this.pos++] = n;
  }

  /** An int64 given as a canonical decimal string (integerValue, Timestamp.seconds). */
  int64(s: string): void {
    if (!INTEGER.test(s)) throw new Unsupported();
    if (s.length < 16 && s[0] !== '-') {
      this.varint(Number(s));
      return;
    }
    let bits = BigInt.asUintN(64, BigInt(s));
    this.ensure(10);
    while (bits >= 128n) {
      this.buf[this.pos++] = Number(bits & 127n) | 128;
      bits >>= 7n;
    }
    this.buf[this.pos++] = Number(bits);
  }

  /** A signed 64-bit number known to be a safe integer (negative ones take 10 bytes). */
  int64Number(n: number): void {
    if (n >= 0) this.varint(n);
    else this.int64(String(n));
  }

  double(n: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(n, this.pos);
    this.pos += 8;
  }

  string(s: string): void {
    // Length first: reserve the longest possible UTF-8 size, then patch.
    const max = s.length * 3;
    if (max < 128) {
      this.ensure(1 + max);
      const n = this.buf.write(s, this.pos + 1, 'utf8');
      this.buf[this.pos] = n;
      this.pos += 1 + n;
      return;
    }
    const n = Buffer.byteLength(s);
    this.varint(n);
    this.ensure(n);
    this.buf.write(s, this.pos, 'utf8');
    this.pos += n;
  }

  bytes(b: Uint8Array): void {
    this.varint(b.length);
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** Starts a length-delimited submessage: reserves one length byte. */
  begin(): number {
    this.ensure(1);
    return this.pos++;
  }

  /** Ends the submessage started at `at`, moving its body when the length needs more than one byte. */
  end(at: number): void {
    const len = this.pos - at - 1;
    if (len < 128) {
      this.buf[at] = len;
      return;
    }
    let extra = 0;
    for (let l = len >>> 7; l > 0; l >>>= 7) extra++;
    this.ensure(extra);
    this.buf.copyWithin(at + 1 + extra, at + 1, this.pos);
    this.pos += extra;
    let l = len;
    let p = at;
    while (l >= 128) {
      this.buf[p++] = (l & 127) | 128;
      l >>>= 7;
    }
    this.buf[p] = l;
  }

  finish(): Uint8Array {
    return Uint8Array.prototype.slice.call(this.buf, 0, this.pos);
  }
}

/* ------------------------------ values ------------------------------ */

type JsonObject = Record<string, unknown>;

let lastTimestamp = '';
let lastParsed = { seconds: 0, nanos: 0 };

function timestamp(w: Writer, s: unknown): void {
  if (typeof s !== 'string') throw new Unsupported();
  // Every message of a query response carries the same readTime.
  if (s !== lastTimestamp) {
    lastParsed = timestampFromString(s);
    lastTimestamp = s;
  }
  const { seconds, nanos } = lastParsed;
  if (seconds !== 0) {
    w.byte(8);
    w.int64Number(seconds);
  }
  if (nanos !== 0) {
    w.byte(16);
    w.varint(nanos);
  }
}

function doubleOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  throw new Unsupported();
}

/** The body of a google.firestore.v1.Value (its oneof member always written, even a default). */
function value(w: Writer, v: JsonObject): void {
  let kind: string | undefined;
  for (const k in v) {
    if (kind !== undefined) throw new Unsupported();
    kind = k;
  }
  const x = v[kind!];
  switch (kind) {
    case 'stringValue':
      if (typeof x !== 'string') throw new Unsupported();
      w.byte(138); // field 17, length-delimited
      w.byte(1);
      w.string(x);
      return;
    case 'integerValue':
      if (typeof x !== 'string') throw new Unsupported();
      w.byte(16);
      w.int64(x);
      return;
    case 'doubleValue':
      w.byte(25);
      w.double(doubleOf(x));
      return;
    case 'booleanValue':
      if (typeof x !== 'boolean') throw new Unsupported();
      w.byte(8);
      w.byte(x ? 1 : 0);
      return;
    case 'timestampValue': {
      w.byte(82);
      const at = w.begin();
      timestamp(w, x);
      w.end(at);
      return;
    }
    case 'nullValue':
      if (x !== null && x !== 'NULL_VALUE') throw new Unsupported();
      w.byte(88);
      w.byte(0);
      return;
    case 'mapValue': {
      const fields = (x as { fields?: JsonObject } | null)?.fields;
      w.byte(50);
      const at = w.begin();
      if (fields) mapEntries(w, fields, 10);
      w.end(at);
      return;
    }
    case 'arrayValue': {
      const values = (x as { values?: unknown } | null)?.values;
      w.byte(74);
      const at = w.begin();
      if (values !== undefined) {
        if (!Array.isArray(values)) throw new Unsupported();
        for (const item of values) {
          w.byte(10);
          const inner = w.begin();
          value(w, item as JsonObject);
          w.end(inner);
        }
      }
      w.end(at);
      return;
    }
    case 'referenceValue':
      if (typeof x !== 'string') throw new Unsupported();
      w.byte(42);
      w.string(x);
      return;
    case 'bytesValue':
      if (typeof x !== 'string') throw new Unsupported();
      w.byte(146); // field 18, length-delimited
      w.byte(1);
      w.bytes(Buffer.from(x, 'base64'));
      return;
    case 'geoPointValue': {
      const g = x as { latitude?: unknown; longitude?: unknown } | null;
      if (!g || typeof g !== 'object') throw new Unsupported();
      w.byte(66);
      const at = w.begin();
      w.byte(9);
      w.double(doubleOf(g.latitude ?? 0));
      w.byte(17);
      w.double(doubleOf(g.longitude ?? 0));
      w.end(at);
      return;
    }
    default:
      throw new Unsupported();
  }
}

/** map<string, Value> entries, each under `tag` (Document.fields = 18, MapValue.fields = 10). */
function mapEntries(w: Writer, fields: JsonObject, tag: number): void {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new Unsupported();
  for (const key in fields) {
    const v = fields[key];
    if (v === null || typeof v !== 'object') throw new Unsupported();
    w.byte(tag);
    const entry = w.begin();
    w.byte(10);
    w.string(key);
    w.byte(18);
    const inner = w.begin();
    value(w, v as JsonObject);
    w.end(inner);
    w.end(entry);
  }
}

/* ------------------------- document cache ------------------------- */

/**
 * Encoded Document bodies, keyed by the stored fields object (records are
 * immutable, so a write means a new fields object) and checked against the
 * name and times they were encoded with. Two generations of weak maps bound
 * the memory (about CACHE_BYTES in all) without keeping records alive: when
 * the young generation fills up, the old one is dropped.
 */
interface Encoded {
  name: unknown;
  createTime: unknown;
  updateTime: unknown;
  bytes: Uint8Array;
}

const CACHE_BYTES = 32 * 1024 * 1024;
let young = new WeakMap<object, Encoded>();
let old = new WeakMap<object, Encoded>();
let youngBytes = 0;

function cached(fields: object): Encoded | undefined {
  const hit = young.get(fields);
  if (hit) return hit;
  const aged = old.get(fields);
  if (aged) remember(fields, aged);
  return aged;
}

function remember(fields: object, e: Encoded): void {
  if (youngBytes + e.bytes.length > CACHE_BYTES / 2) {
    old = young;
    young = new WeakMap();
    youngBytes = 0;
  }
  young.set(fields, e);
  youngBytes += e.bytes.length + 128;
}

const DOCUMENT_KEYS = new Set(['name', 'fields', 'createTime', 'updateTime']);

/** Document bodies are encoded on their own (for the cache) while the main writer is mid-message. */
const documentWriter = new Writer();

/** The body of a google.firestore.v1.Document. */
function document(w: Writer, d: unknown): void {
  if (d === null || typeof d !== 'object') throw new Unsupported();
  const doc = d as JsonObject;
  for (const k in doc) if (!DOCUMENT_KEYS.has(k)) throw new Unsupported();
  const fields = doc.fields;
  if (fields !== undefined && (fields === null || typeof fields !== 'object')) throw new Unsupported();
  let e = fields ? cached(fields) : undefined;
  if (!e || e.name !== doc.name || e.createTime !== doc.createTime || e.updateTime !== doc.updateTime) {
    const dw = documentWriter;
    dw.reset();
    if (doc.name !== undefined) {
      if (typeof doc.name !== 'string') throw new Unsupported();
      if (doc.name !== '') {
        dw.byte(10);
        dw.string(doc.name);
      }
    }
    if (fields) mapEntries(dw, fields as JsonObject, 18);
    timestampField(dw, 26, doc.createTime);
    timestampField(dw, 34, doc.updateTime);
    e = { name: doc.name, createTime: doc.createTime, updateTime: doc.updateTime, bytes: dw.finish() };
    if (fields) remember(fields, e);
  }
  w.ensure(e.bytes.length);
  w.buf.set(e.bytes, w.pos);
  w.pos += e.bytes.length;
}

function timestampField(w: Writer, tag: number, s: unknown): void {
  if (s === undefined) return;
  w.byte(tag);
  const at = w.begin();
  timestamp(w, s);
  w.end(at);
}

function documentField(w: Writer, tag: number, d: unknown): void {
  w.byte(tag);
  const at = w.begin();
  document(w, d);
  w.end(at);
}

function bytesField(w: Writer, tag: number, base64: unknown): void {
  if (typeof base64 !== 'string') throw new Unsupported();
  const b = Buffer.from(base64, 'base64');
  if (b.length === 0) return;
  w.byte(tag);
  w.bytes(b);
}

function checkKeys(o: JsonObject, allowed: readonly string[]): void {
  for (const k in o) if (!allowed.includes(k)) throw new Unsupported();
}

/* --------------------------- responses --------------------------- */

const writer = new Writer();

/** Response messages this module encodes, by protobuf type name. */
const RESPONSES: Record<string, (w: Writer, r: JsonObject) => void> = {
  Document: document,
  RunQueryResponse(w, r) {
    checkKeys(r, ['document', 'readTime', 'transaction']);
    if (r.transaction !== undefined) bytesField(w, 18, r.transaction);
    if (r.document !== undefined) documentField(w, 10, r.document);
    timestampField(w, 26, r.readTime);
  },
  BatchGetDocumentsResponse(w, r) {
    checkKeys(r, ['found', 'missing', 'readTime', 'transaction']);
    if (r.found !== undefined && r.missing !== undefined) throw new Unsupported();
    if (r.found !== undefined) documentField(w, 10, r.found);
    if (r.missing !== undefined) {
      if (typeof r.missing !== 'string') throw new Unsupported();
      w.byte(18);
      w.string(r.missing);
    }
    if (r.transaction !== undefined) bytesField(w, 26, r.transaction);
    timestampField(w, 34, r.readTime);
  },
  ListDocumentsResponse(w, r) {
    checkKeys(r, ['documents', 'nextPageToken']);
    if (r.documents !== undefined) {
      if (!Array.isArray(r.documents)) throw new Unsupported();
      for (const d of r.documents) documentField(w, 10, d);
    }
    if (r.nextPageToken !== undefined) {
      if (typeof r.nextPageToken !== 'string') throw new Unsupported();
      if (r.nextPageToken !== '') {
        w.byte(18);
        w.string(r.nextPageToken);
      }
    }
  },
};

/**
 * Encodes a read response of the given type (`Document`, `RunQueryResponse`,
 * `BatchGetDocumentsResponse`, `ListDocumentsResponse`), or returns null when
 * the type or the JSON is not one this writer handles.
 */
export function encodeReadResponse(typeName: string, json: unknown): Uint8Array | null {
  const fn = RESPONSES[typeName];
  if (!fn || json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  writer.reset();
  try {
    fn(writer, json as JsonObject);
  } catch {
    // Unsupported shapes, and invalid values (e.g. a bad timestamp) the generic encoder reports properly.
    return null;
  }
  return writer.finish();
}
