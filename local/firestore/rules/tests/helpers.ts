/** Test helpers: REST values from plain JS, a fake document store, one-line rule checks. */
import type { RulesDocument, RulesDocumentAccess, RulesRequest, Value } from '../../src/contract.ts';
import { compileRules } from '../index.ts';

export const DB = '/databases/(default)/documents';

/** Marks a number that must be stored as a double even when integral. */
export class Dbl {
  constructor(readonly n: number) {}
}
export const dbl = (n: number) => new Dbl(n);
export class Ref {
  constructor(readonly path: string) {}
}

export function toValue(v: unknown): Value {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'bigint') return { integerValue: v.toString() };
  if (typeof v === 'number') return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (v instanceof Dbl) return { doubleValue: v.n };
  if (v instanceof Ref) return { referenceValue: `projects/demo${v.path}` };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (v instanceof Uint8Array) return { bytesValue: Buffer.from(v).toString('base64') };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  if (typeof v === 'object') return { mapValue: { fields: toFields(v as Record<string, unknown>) } };
  throw new Error(`cannot convert ${String(v)}`);
}

export function toFields(obj: Record<string, unknown>): Record<string, Value> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, toValue(v)]));
}

export function doc(path: string, data: Record<string, unknown>): RulesDocument {
  return { path: path.startsWith('/databases') ? path : DB + path, fields: toFields(data) };
}

/** A store keyed by full path; `after` overrides state for getAfter/existsAfter. */
export class FakeAccess implements RulesDocumentAccess {
  readonly reads: string[] = [];
  constructor(
    private readonly before: Record<string, Record<string, unknown>> = {},
    private readonly after: Record<string, Record<string, unknown> | null> = {},
  ) {}
  get(path: string): RulesDocument | null {
    this.reads.push(`get ${path}`);
    const data = this.before[path.slice(DB.length)];
    return data ? doc(path, data) : null;
  }
  getAfter(path: string): RulesDocument | null {
    this.reads.push(`getAfter ${path}`);
    const key = path.slice(DB.length);
    const data = key in this.after ? this.after[key] : this.before[key];
    return data ? doc(path, data) : null;
  }
}

export function request(overrides: Partial<RulesRequest> = {}): RulesRequest {
  return {
    database: '(default)',
    path: `${DB}/things/t1`,
    method: 'get',
    auth: { uid: 'alice', token: { email: 'alice@example.com', email_verified: true, firebase: { sign_in_provider: 'password' } } },
    resource: null,
    requestResource: null,
    time: new Date('2026-03-04T05:06:07.890Z'),
    ...overrides,
  };
}

/** Rules file with one match at /things/{id} allowing every method when `expr` holds. */
export function rulesFor(expr: string, functions = ''): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${functions}
    match /things/{id} {
      allow read, write: if ${expr};
    }
  }
}`;
}

export interface CheckOptions {
  req?: Partial<RulesRequest>;
  /** Fields of the stored /things/t1 (becomes `resource`). */
  data?: Record<string, unknown>;
  access?: RulesDocumentAccess;
  functions?: string;
}

/** Evaluates `expr` as the condition of a get on /things/t1. */
export function check(expr: string, opts: CheckOptions = {}): boolean {
  const rules = compileRules(rulesFor(expr, opts.functions));
  const resource = opts.data ? doc('/things/t1', opts.data) : null;
  return rules.authorize(request({ resource, ...opts.req }), opts.access ?? new FakeAccess());
}

/** 'true', 'false' or 'error' (an evaluation error denies both `e` and `!(e)`). */
export function outcome(expr: string, opts: CheckOptions = {}): 'true' | 'false' | 'error' {
  if (check(expr, opts)) return 'true';
  if (check(`!(${expr})`, opts)) return 'false';
  return 'error';
}
