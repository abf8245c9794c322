/** Per-request evaluation state shared by every allow condition of one request. */
import type { RulesDocument, RulesDocumentAccess } from '../src/contract.ts';
import { AccessLimitError, fail } from './errors.ts';
import { RPath, type RMap, type Val } from './values.ts';

export interface EvalCtx {
  request: RMap;
  resource: Val;
  /** Path wildcards bound by the match blocks being evaluated. */
  vars: Map<string, Val>;
  database: string;
  access: RulesDocumentAccess;
  /** Distinct documents get()/exists()/getAfter()/existsAfter() may touch. */
  limit: number;
  fetched: Map<string, RulesDocument | null>;
  /** Current user-function call depth. */
  depth: number;
}

export const MAX_CALL_DEPTH = 20;

/** Reads a document for get()/exists() (after = false) or their *After forms, counting it once. */
export function fetchDocument(ctx: EvalCtx, path: Val, after: boolean): RulesDocument | null {
  if (!(path instanceof RPath)) return fail('get()/exists() need a path');
  const s = path.segments;
  // Only documents of this database: /databases/{db}/documents/{coll}/{doc}[/...]
  if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents' || (s.length - 3) % 2 !== 0) {
    fail(`'${path.toString()}' is not a document path`);
  }
  if (s[1] !== ctx.database) fail(`'${path.toString()}' is in another database`);
  const text = path.toString();
  const key = (after ? 'after:' : 'before:') + text;
  if (ctx.fetched.has(key)) return ctx.fetched.get(key) ?? null;
  if (ctx.fetched.size >= ctx.limit) throw new AccessLimitError(ctx.limit);
  const doc = after ? ctx.access.getAfter(text) : ctx.access.get(text);
  ctx.fetched.set(key, doc);
  return doc;
}
