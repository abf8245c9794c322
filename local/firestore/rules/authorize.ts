/**
 * Decides one request: finds every match block whose full path pattern matches
 * the document path, and allows when any allow statement for the method there
 * evaluates to true. Errors make a condition false; exceeding the document
 * access limit denies the whole request.
 */
import type { RulesDocumentAccess, RulesRequest } from '../src/contract.ts';
import type { CompiledFile, MatchNode } from './compile.ts';
import type { EvalCtx } from './context.ts';
import { AccessLimitError } from './errors.ts';
import { documentToVal, fromJson, mapOf, RMap, RPath, splitPath, timestampFromDate, type Val } from './values.ts';

/** Firestore's limit for single-document requests and queries. */
export const SINGLE_REQUEST_ACCESS_LIMIT = 10;

interface Candidate {
  node: MatchNode;
  vars: Map<string, Val>;
}

export function authorize(file: CompiledFile, request: RulesRequest, access: RulesDocumentAccess): boolean {
  try {
    return decide(file, request, access);
  } catch {
    // Malformed input (e.g. an unparsable timestampValue) denies rather than throwing.
    return false;
  }
}

function decide(file: CompiledFile, request: RulesRequest, access: RulesDocumentAccess): boolean {
  const segments = splitPath(request.path);
  const candidates: Candidate[] = [];
  collect(file.roots, segments, 0, new Map(), file.version === '2' ? 0 : 1, candidates);
  if (candidates.length === 0) return false;

  const ctx: EvalCtx = {
    request: buildRequest(request, segments),
    resource: request.resource ? documentToVal(request.resource) : null,
    vars: new Map(),
    database: request.database,
    access,
    limit: request.accessLimit ?? SINGLE_REQUEST_ACCESS_LIMIT,
    fetched: new Map(),
    depth: 0,
  };
  for (const { node, vars } of candidates) {
    for (const allow of node.allows) {
      if (!allow.methods.has(request.method)) continue;
      if (!allow.cond) return true;
      ctx.vars = vars;
      ctx.depth = 0;
      try {
        if (allow.cond(ctx, null) === true) return true;
      } catch (e) {
        if (e instanceof AccessLimitError) return false;
        // Any other error: this condition is false; try the next one.
      }
    }
  }
  return false;
}

/** Depth-first over the match tree; `minRest` is 0 in v2 (`**` matches nothing too) and 1 in v1. */
function collect(nodes: readonly MatchNode[], segs: readonly string[], at: number, vars: Map<string, Val>, minRest: number, out: Candidate[]): void {
  for (const node of nodes) {
    matchPattern(node.pattern, 0, segs, at, vars, minRest, (end, bound) => {
      if (end === segs.length) out.push({ node, vars: bound });
      if (node.children.length > 0) collect(node.children, segs, end, bound, minRest, out);
    });
  }
}

function matchPattern(
  pattern: MatchNode['pattern'],
  pi: number,
  segs: readonly string[],
  si: number,
  vars: Map<string, Val>,
  minRest: number,
  onMatch: (end: number, vars: Map<string, Val>) => void,
): void {
  if (pi === pattern.length) {
    onMatch(si, vars);
    return;
  }
  const p = pattern[pi] as MatchNode['pattern'][number];
  if (p.kind === 'rest') {
    for (let end = si + minRest; end <= segs.length; end++) {
      const bound = new Map(vars).set(p.name, new RPath(segs.slice(si, end)));
      matchPattern(pattern, pi + 1, segs, end, bound, minRest, onMatch);
    }
    return;
  }
  const seg = segs[si];
  if (seg === undefined) return;
  if (p.kind === 'lit') {
    if (p.value === seg) matchPattern(pattern, pi + 1, segs, si + 1, vars, minRest, onMatch);
    return;
  }
  matchPattern(pattern, pi + 1, segs, si + 1, new Map(vars).set(p.name, seg), minRest, onMatch);
}

function buildRequest(req: RulesRequest, segments: string[]): RMap {
  const fields: Record<string, Val> = {
    auth: req.auth ? mapOf({ uid: req.auth.uid, token: fromJson(req.auth.token) }) : null,
    method: req.method,
    path: new RPath(segments),
    time: timestampFromDate(req.time),
    resource: req.requestResource ? documentToVal(req.requestResource) : null,
  };
  if (req.query) {
    const q: Record<string, Val> = {};
    if (req.query.limit !== undefined) q.limit = BigInt(req.query.limit);
    if (req.query.offset !== undefined) q.offset = BigInt(req.query.offset);
    if (req.query.orderBy !== undefined) q.orderBy = [...req.query.orderBy];
    fields.query = mapOf(q);
  }
  return mapOf(fields);
}
