/**
 * JSON text of REST responses, with each stored document serialized once and
 * reused: a 1 KB document costs ~5-8 µs in JSON.stringify on every read, a
 * cache hit nearly nothing. Stored fields objects are immutable (a write stores
 * a new one), so text cached by fields object (and checked against the name and
 * times) never goes stale.
 * The output is exactly what JSON.stringify(body) gives.
 */

type JsonObject = Record<string, unknown>;

/**
 * Text of a stored document, keyed by its fields object and checked against
 * the name and times it was built with. Two generations of weak maps bound the
 * cache (about CACHE_CHARS characters in all) without keeping records alive:
 * when the young generation fills up, the old one is dropped.
 */
interface Cached {
  name: unknown;
  createTime: unknown;
  updateTime: unknown;
  text: string;
}

const CACHE_CHARS = 32 * 1024 * 1024;
let young = new WeakMap<object, Cached>();
let old = new WeakMap<object, Cached>();
let youngChars = 0;

function lookup(fields: object): Cached | undefined {
  const hit = young.get(fields);
  if (hit) return hit;
  const aged = old.get(fields);
  if (aged) remember(fields, aged);
  return aged;
}

function remember(fields: object, c: Cached): void {
  if (youngChars + c.text.length > CACHE_CHARS / 2) {
    old = young;
    young = new WeakMap();
    youngChars = 0;
  }
  young.set(fields, c);
  youngChars += c.text.length + 64;
}

function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The engine's documents have exactly these keys, in this order. */
const STORED_KEYS = ['name', 'fields', 'createTime', 'updateTime'];

function hasStoredShape(doc: JsonObject): boolean {
  let i = 0;
  for (const key in doc) if (key !== STORED_KEYS[i++]) return false;
  return i === STORED_KEYS.length && isObject(doc.fields);
}

/** A Document; a stored one's text comes from the cache. */
function documentText(doc: JsonObject): string {
  if (!hasStoredShape(doc)) return JSON.stringify(doc);
  const fields = doc.fields as JsonObject;
  let c = lookup(fields);
  if (!c || c.name !== doc.name || c.createTime !== doc.createTime || c.updateTime !== doc.updateTime) {
    c = { name: doc.name, createTime: doc.createTime, updateTime: doc.updateTime, text: JSON.stringify(doc) };
    remember(fields, c);
  }
  return c.text;
}

const isDocument = (v: unknown): boolean => isObject(v) && typeof v.name === 'string';

/** One response message: a Document, or an object that may carry documents (found, document, documents). */
function messageText(m: unknown): string | undefined {
  if (!isObject(m)) return JSON.stringify(m);
  if (isDocument(m)) return documentText(m);
  let out = '{';
  for (const key in m) {
    const v = m[key];
    let text: string | undefined;
    if ((key === 'document' || key === 'found') && isDocument(v)) text = documentText(v as JsonObject);
    else if (key === 'documents' && Array.isArray(v)) text = '[' + v.map((d) => (isDocument(d) ? documentText(d as JsonObject) : (JSON.stringify(d) ?? 'null'))).join(',') + ']';
    else text = JSON.stringify(v);
    if (text === undefined) continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(key) + ':' + text;
  }
  return out + '}';
}

/** JSON.stringify(body) for a REST response body (a message, or a list of stream messages). */
export function responseText(body: unknown): string {
  if (Array.isArray(body)) return '[' + body.map((m) => messageText(m) ?? 'null').join(',') + ']';
  return messageText(body) ?? 'null';
}
