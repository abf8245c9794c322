/** Resource names (projects/p/databases/d/documents/...) and field paths (a.b, `x.y`.z). */
import { FirestoreError } from './contract.ts';
import type { Value } from './contract.ts';
import type { Fields } from './values.ts';

export interface DbId {
  project: string;
  database: string;
}

export interface ParsedName extends DbId {
  /** Path below /documents, '' for the root; e.g. "users/u1" or "users/u1/posts". */
  path: string;
  segments: string[];
}

const NAME = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/;
const DB = /^projects\/([^/]+)\/databases\/([^/]+)$/;

function checkSegment(s: string, full: string): void {
  if (s === '' || s === '.' || s === '..') {
    throw new FirestoreError('INVALID_ARGUMENT', `Invalid resource name "${full}": empty or "." / ".." path segment.`);
  }
  if (/^__.*__$/.test(s) && !/^__id-?\d+__$/.test(s)) {
    throw new FirestoreError('INVALID_ARGUMENT', `Invalid resource name "${full}": segment "${s}" is reserved (matches __.*__).`);
  }
  if (Buffer.byteLength(s) > 1500) {
    throw new FirestoreError('INVALID_ARGUMENT', `Invalid resource name "${full}": a path segment exceeds 1500 bytes.`);
  }
}

export function parseName(name: unknown): ParsedName {
  if (typeof name !== 'string') throw new FirestoreError('INVALID_ARGUMENT', 'Missing resource name.');
  const m = NAME.exec(name);
  if (!m) throw new FirestoreError('INVALID_ARGUMENT', `Invalid resource name "${name}": expected projects/{project}/databases/{database}/documents/...`);
  const path = m[3] ?? '';
  const segments = path === '' ? [] : path.split('/');
  for (const s of segments) checkSegment(s, name);
  if (m[1] === '' || m[2] === '') throw new FirestoreError('INVALID_ARGUMENT', `Invalid resource name "${name}".`);
  return { project: m[1]!, database: m[2]!, path, segments };
}

export function parseDocumentName(name: unknown): ParsedName {
  const p = parseName(name);
  if (p.segments.length === 0 || p.segments.length % 2 !== 0) {
    throw new FirestoreError(
      'INVALID_ARGUMENT',
      `Invalid document name "${String(name)}": a document path must have an even number of segments.`,
    );
  }
  return p;
}

/** A parent for queries and listing: the database root or a document. */
export function parseParent(name: unknown): ParsedName {
  const p = parseName(name);
  if (p.segments.length % 2 !== 0) {
    throw new FirestoreError('INVALID_ARGUMENT', `Invalid parent "${String(name)}": must be the documents root or a document.`);
  }
  return p;
}

export function parseDatabase(name: unknown): DbId {
  if (typeof name !== 'string') throw new FirestoreError('INVALID_ARGUMENT', 'Missing database name.');
  const m = DB.exec(name) ?? NAME.exec(name);
  if (!m) throw new FirestoreError('INVALID_ARGUMENT', `Invalid database name "${name}": expected projects/{project}/databases/{database}.`);
  return { project: m[1]!, database: m[2]! };
}

export function checkCollectionId(id: unknown): string {
  if (typeof id !== 'string') throw new FirestoreError('INVALID_ARGUMENT', 'Missing collection id.');
  checkSegment(id, id);
  if (id.includes('/')) throw new FirestoreError('INVALID_ARGUMENT', `Invalid collection id "${id}".`);
  return id;
}

export function dbRoot(db: DbId): string {
  return `projects/${db.project}/databases/${db.database}/documents`;
}

export function docName(db: DbId, path: string): string {
  return `${dbRoot(db)}/${path}`;
}

/* ----------------------------- field paths ----------------------------- */

const SIMPLE = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

export function parseFieldPath(s: unknown): string[] {
  if (typeof s !== 'string' || s === '') throw new FirestoreError('INVALID_ARGUMENT', 'Invalid field path: empty.');
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    let seg = '';
    if (s[i] === '`') {
      i++;
      let closed = false;
      while (i < s.length) {
        const c = s[i]!;
        if (c === '\\') {
          seg += s[i + 1] ?? '';
          i += 2;
        } else if (c === '`') {
          i++;
          closed = true;
          break;
        } else {
          seg += c;
          i++;
        }
      }
      if (!closed) throw new FirestoreError('INVALID_ARGUMENT', `Invalid field path "${s}": unterminated backtick.`);
    } else {
      while (i < s.length && s[i] !== '.') seg += s[i++];
    }
    if (seg === '') throw new FirestoreError('INVALID_ARGUMENT', `Invalid field path "${s}": empty segment.`);
    out.push(seg);
    if (i < s.length) {
      if (s[i] !== '.') throw new FirestoreError('INVALID_ARGUMENT', `Invalid field path "${s}".`);
      i++;
      if (i === s.length) throw new FirestoreError('INVALID_ARGUMENT', `Invalid field path "${s}": trailing dot.`);
    }
  }
  return out;
}

export function formatFieldPath(segs: string[]): string {
  return segs.map((s) => (SIMPLE.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`')).join('.');
}

export function getField(fields: Fields, path: string[]): Value | undefined {
  let cur: Fields | undefined = fields;
  for (let i = 0; i < path.length; i++) {
    const v: Value | undefined = cur?.[path[i]!];
    if (v === undefined) return undefined;
    if (i === path.length - 1) return v;
    if (!('mapValue' in v)) return undefined;
    cur = v.mapValue.fields;
  }
  return undefined;
}

/** Returns a copy of fields with path set (creating/overwriting intermediate maps); never mutates input. */
export function setField(fields: Fields, path: string[], value: Value): Fields {
  const [head, ...rest] = path;
  const out = { ...fields };
  if (rest.length === 0) {
    out[head!] = value;
    return out;
  }
  const cur = fields[head!];
  const inner = cur && 'mapValue' in cur ? (cur.mapValue.fields ?? {}) : {};
  out[head!] = { mapValue: { fields: setField(inner, rest, value) } };
  return out;
}

export function deleteField(fields: Fields, path: string[]): Fields {
  const [head, ...rest] = path;
  if (!(head! in fields)) return fields;
  const out = { ...fields };
  if (rest.length === 0) {
    delete out[head!];
    return out;
  }
  const cur = fields[head!]!;
  if (!('mapValue' in cur)) return fields;
  out[head!] = { mapValue: { fields: deleteField(cur.mapValue.fields ?? {}, rest) } };
  return out;
}

/** Keeps only the given field paths (a projection / mask). */
export function maskFields(fields: Fields, paths: string[][]): Fields {
  let out: Fields = {};
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) out = setField(out, p, v);
  }
  return out;
}
