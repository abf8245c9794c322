/**
 * One google.firestore.v1.Write applied to a document: preconditions, set,
 * merge/update masks, field transforms and deletes. Pure: returns the new record.
 */
import { FirestoreError } from './contract.ts';
import type { Value } from './contract.ts';
import { deleteField, getField, parseDocumentName, parseFieldPath, setField, type ParsedName } from './paths.ts';
import type { DocRecord } from './store.ts';
import {
  compareValues,
  fieldsSize,
  isNaNValue,
  isNumber,
  normalizeFields,
  normalizeTimestamp,
  normalizeValue,
  toDouble,
  valuesSame,
  type Fields,
} from './values.ts';

type Json = Record<string, unknown>;

export const MAX_DOC_BYTES = 1_048_576;

export interface ParsedWrite {
  kind: 'update' | 'delete' | 'verify';
  name: ParsedName;
  fullName: string;
  fields: Fields;
  mask: string[][] | null;
  transforms: Json[];
  precondition: { exists?: boolean; updateTime?: string } | null;
}

export function parseWrite(raw: unknown): ParsedWrite {
  if (!raw || typeof raw !== 'object') throw new FirestoreError('INVALID_ARGUMENT', 'Each write must be an object.');
  const w = raw as Json;
  let kind: ParsedWrite['kind'];
  let fullName: unknown;
  let fields: Fields = {};
  let transforms: Json[] = Array.isArray(w.updateTransforms) ? (w.updateTransforms as Json[]) : [];
  if (w.update) {
    kind = 'update';
    const d = w.update as Json;
    fullName = d.name;
    fields = normalizeFields(d.fields ?? {});
  } else if (typeof w.delete === 'string') {
    kind = 'delete';
    fullName = w.delete;
  } else if (typeof w.verify === 'string') {
    kind = 'verify';
    fullName = w.verify;
  } else if (w.transform) {
    // Legacy transform-only write: an update with an empty mask plus transforms.
    kind = 'update';
    const t = w.transform as Json;
    fullName = t.document;
    transforms = Array.isArray(t.fieldTransforms) ? (t.fieldTransforms as Json[]) : [];
    w.updateMask = { fieldPaths: [] };
    if (!w.currentDocument) w.currentDocument = { exists: true };
  } else {
    throw new FirestoreError('INVALID_ARGUMENT', 'A write must have one of update, delete, verify or transform.');
  }
  const name = parseDocumentName(fullName);
  let mask: string[][] | null = null;
  if (w.updateMask && typeof w.updateMask === 'object') {
    const fp = (w.updateMask as Json).fieldPaths;
    mask = (Array.isArray(fp) ? fp : []).map((p) => parseFieldPath(p));
  }
  let precondition: ParsedWrite['precondition'] = null;
  if (w.currentDocument && typeof w.currentDocument === 'object') {
    const c = w.currentDocument as Json;
    if (typeof c.exists === 'boolean') precondition = { exists: c.exists };
    else if (typeof c.updateTime === 'string') precondition = { updateTime: normalizeTimestamp(c.updateTime) };
  }
  return { kind, name, fullName: fullName as string, fields, mask, transforms, precondition };
}

export function checkPrecondition(w: ParsedWrite, cur: DocRecord | undefined): void {
  const p = w.precondition;
  if (!p) return;
  if (p.exists === true && !cur) {
    throw new FirestoreError('NOT_FOUND', `No document to update: ${w.fullName}`);
  }
  if (p.exists === false && cur) {
    throw new FirestoreError('ALREADY_EXISTS', `Document already exists: ${w.fullName}`);
  }
  if (p.updateTime !== undefined) {
    if (!cur) throw new FirestoreError('NOT_FOUND', `No document to update: ${w.fullName}`);
    if (cur.updateTime !== p.updateTime) {
      throw new FirestoreError(
        'FAILED_PRECONDITION',
        `The document ${w.fullName} was updated at ${cur.updateTime}, not at the required ${p.updateTime}.`,
      );
    }
  }
}

export interface WriteOutcome {
  /** new record, or null when deleted; undefined when the write leaves the document unchanged (verify). */
  rec: DocRecord | null | undefined;
  transformResults: Value[];
}

export function applyWrite(w: ParsedWrite, cur: DocRecord | undefined, commitTime: string): WriteOutcome {
  checkPrecondition(w, cur);
  if (w.kind === 'verify') return { rec: undefined, transformResults: [] };
  if (w.kind === 'delete') return { rec: null, transformResults: [] };
  let fields: Fields;
  if (w.mask) {
    fields = cur ? cur.fields : {};
    for (const p of w.mask) {
      const v = getField(w.fields, p);
      fields = v === undefined ? deleteField(fields, p) : setField(fields, p, v);
    }
  } else {
    fields = w.fields;
  }
  const results: Value[] = [];
  for (const t of w.transforms) {
    const path = parseFieldPath(t.fieldPath);
    const prev = getField(fields, path);
    const next = transform(t, prev, commitTime);
    fields = setField(fields, path, next.value);
    results.push(next.result);
  }
  const size = fieldsSize(fields) + Buffer.byteLength(w.name.path) + 16 + 32;
  if (size > MAX_DOC_BYTES) {
    throw new FirestoreError(
      'INVALID_ARGUMENT',
      `Document '${w.fullName}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  }
  return {
    rec: { fields, createTime: cur ? cur.createTime : commitTime, updateTime: commitTime },
    transformResults: results,
  };
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

function transform(t: Json, prev: Value | undefined, commitTime: string): { value: Value; result: Value } {
  if (t.setToServerValue !== undefined) {
    if (t.setToServerValue !== 'REQUEST_TIME') {
      throw new FirestoreError('INVALID_ARGUMENT', `Unknown server value: ${String(t.setToServerValue)}`);
    }
    const v = { timestampValue: commitTime };
    return { value: v, result: v };
  }
  if (t.increment !== undefined) {
    const op = normalizeValue(t.increment);
    if (!isNumber(op)) throw new FirestoreError('INVALID_ARGUMENT', 'increment requires a numeric operand.');
    let v: Value;
    if (!prev || !isNumber(prev)) v = op;
    else if ('integerValue' in prev && 'integerValue' in op) {
      let s = BigInt(prev.integerValue) + BigInt(op.integerValue);
      if (s > INT64_MAX) s = INT64_MAX;
      if (s < INT64_MIN) s = INT64_MIN;
      v = { integerValue: s.toString() };
    } else v = doubleValue(toDouble(prev) + toDouble(op));
    return { value: v, result: v };
  }
  if (t.maximum !== undefined || t.minimum !== undefined) {
    const isMax = t.maximum !== undefined;
    const op = normalizeValue(isMax ? t.maximum : t.minimum);
    if (!isNumber(op)) throw new FirestoreError('INVALID_ARGUMENT', `${isMax ? 'maximum' : 'minimum'} requires a numeric operand.`);
    let v: Value;
    if (!prev || !isNumber(prev)) v = op;
    else if (isNaNValue(prev)) v = prev;
    else if (isNaNValue(op)) v = op;
    else {
      const c = compareValues(op, prev);
      v = (isMax ? c > 0 : c < 0) ? op : prev;
    }
    return { value: v, result: v };
  }
  if (t.appendMissingElements !== undefined) {
    const add = arrayOf(t.appendMissingElements);
    const out = prev && 'arrayValue' in prev ? [...(prev.arrayValue.values ?? [])] : [];
    for (const e of add) if (!out.some((x) => valuesSame(x, e))) out.push(e);
    return { value: arrayValue(out), result: { nullValue: null } };
  }
  if (t.removeAllFromArray !== undefined) {
    const rm = arrayOf(t.removeAllFromArray);
    const out = prev && 'arrayValue' in prev ? (prev.arrayValue.values ?? []).filter((x) => !rm.some((e) => valuesSame(x, e))) : [];
    return { value: arrayValue(out), result: { nullValue: null } };
  }
  throw new FirestoreError('INVALID_ARGUMENT', 'Unknown field transform.');
}

function arrayOf(raw: unknown): Value[] {
  const v = normalizeValue({ arrayValue: raw ?? {} });
  return 'arrayValue' in v ? (v.arrayValue.values ?? []) : [];
}

function arrayValue(values: Value[]): Value {
  return values.length ? { arrayValue: { values } } : { arrayValue: {} };
}

function doubleValue(n: number): Value {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (n === Infinity) return { doubleValue: 'Infinity' };
  if (n === -Infinity) return { doubleValue: '-Infinity' };
  return { doubleValue: n };
}
