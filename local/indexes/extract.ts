// Finds the Firestore queries source files issue, from the code itself (so queries no test runs count too):
// - web (modular SDK, firebase/firestore and firebase/firestore/lite): query(base, where(…), orderBy(…), …)
//   where base is collection(…), collectionGroup(…) or another query(…), also inside onSnapshot(…);
// - functions (firebase-admin): chains like db.collection(…).where(…).orderBy(…).limit(…).
// Consts are followed; anything whose collection, field or operator is not statically known is reported
// as unverifiable rather than guessed.
import { relative } from 'node:path';
import ts from 'typescript';
import { constInitializer, isKnown, possibleStrings, skipOuter } from './resolve-value';
import { ADMIN_QUERY_METHODS, ADMIN_ROOTS, WEB_NAMES, calleeName, continuedBy, sdkCall, sdkOf } from './sdk-calls';
import { FILTER_OPS, type Direction, type FilterOp, type FoundQuery, type QueryScope, type QueryShape, type Side, type SourceLocation, type Unverifiable } from './types';

export interface Extraction {
  queries: FoundQuery[];
  unverifiable: Unverifiable[];
}

const ADMIN_CHAIN = new Set([...ADMIN_QUERY_METHODS, ...ADMIN_ROOTS]);
const QUERY = new Set(['query']);
/** Methods whose presence makes an unresolvable chain look like a query worth reporting. */
const QUERY_MARKERS = new Set(['where', 'orderBy']);
const MAX_VARIANTS = 16;

class CannotVerify extends Error {}

/** Cartesian product of each part's alternatives. */
function product<T>(parts: T[][]): T[][] {
  return parts.reduce<T[][]>((acc, options) => acc.flatMap((prefix) => options.map((o) => [...prefix, o])), [[]]);
}

function known(expr: ts.Expression, checker: ts.TypeChecker, what: string): string[] {
  const values = possibleStrings(expr, checker);
  if (!values.every(isKnown)) throw new CannotVerify(`${what} is not a string literal or a const in scope: ${expr.getText()}`);
  return values;
}

/** A field argument: a string, documentId() / FieldPath.documentId(), or a FieldPath of literal segments. */
function fieldPaths(expr: ts.Expression, checker: ts.TypeChecker): string[] {
  const e = skipOuter(expr);
  const fn = ts.isCallExpression(e) ? sdkOf(e, checker) : undefined;
  if (typeof fn === 'object' && fn.name === 'documentId') return ['__name__'];
  if (ts.isNewExpression(e) && e.expression.getText().endsWith('FieldPath') && e.arguments) {
    return product(e.arguments.map((a) => known(a, checker, 'a FieldPath segment'))).map((segments) => segments.join('.'));
  }
  return known(e, checker, 'the field');
}

function operators(expr: ts.Expression, checker: ts.TypeChecker): FilterOp[] {
  const values = known(expr, checker, 'the operator');
  for (const v of values) if (!(FILTER_OPS as readonly string[]).includes(v)) throw new CannotVerify(`unknown operator ${JSON.stringify(v)}`);
  return values as FilterOp[];
}

function directions(expr: ts.Expression | undefined, checker: ts.TypeChecker): Direction[] {
  if (!expr) return ['asc'];
  const values = known(expr, checker, 'the direction');
  for (const v of values) if (v !== 'asc' && v !== 'desc') throw new CannotVerify(`unknown direction ${JSON.stringify(v)}`);
  return values as Direction[];
}

/** The collection id(s) a path (or path segments) ends in. */
function collectionIds(segments: readonly ts.Expression[], checker: ts.TypeChecker): string[] {
  if (segments.length === 0) throw new CannotVerify('collection() without a path');
  const paths = product(segments.map((s) => possibleStrings(s, checker))).map((parts) => parts.join('/'));
  return [
    ...new Set(
      paths.map((path) => {
        const last = path.split('/').filter(Boolean).at(-1) ?? '';
        if (!last || !isKnown(last)) throw new CannotVerify(`the collection id is not statically known: ${segments.map((s) => s.getText()).join(', ')}`);
        return last;
      }),
    ),
  ];
}

/** One clause's alternatives (several when a field or operator can take several literal values). */
type Clause = Partial<Pick<QueryShape, 'filters' | 'orderBy' | 'limitToLast'>>[];
type Base = { collectionGroup: string; queryScope: QueryScope }[];

function shapes(base: Base, clauses: Clause[]): QueryShape[] {
  const combos = product<Partial<QueryShape>>([base, ...clauses]);
  if (combos.length > MAX_VARIANTS) throw new CannotVerify(`${combos.length} possible queries; too many to check`);
  return combos.map((parts) => {
    const shape: QueryShape = { collectionGroup: '', queryScope: 'COLLECTION', filters: [], orderBy: [] };
    for (const p of parts) {
      if (p.collectionGroup !== undefined) Object.assign(shape, { collectionGroup: p.collectionGroup, queryScope: p.queryScope });
      shape.filters.push(...(p.filters ?? []));
      shape.orderBy.push(...(p.orderBy ?? []));
      if (p.limitToLast) shape.limitToLast = true;
    }
    return shape;
  });
}

const filterClause = (fields: string[], ops: FilterOp[]): Clause => product<string>([fields, ops]).map(([fieldPath, op]) => ({ filters: [{ fieldPath: fieldPath!, op: op as FilterOp }] }));
const orderClause = (fields: string[], dirs: Direction[]): Clause =>
  product<string>([fields, dirs]).map(([fieldPath, direction]) => ({ orderBy: [{ fieldPath: fieldPath!, direction: direction as Direction }] }));

// ---- web: query(base, ...constraints)

function webConstraint(arg: ts.Expression, checker: ts.TypeChecker, depth = 0): Clause[] {
  if (ts.isSpreadElement(arg)) throw new CannotVerify(`spread constraints: ${arg.getText()}`);
  const e = skipOuter(arg);
  if (ts.isIdentifier(e) && depth < 5) {
    const init = constInitializer(e, checker);
    if (init) return webConstraint(init, checker, depth + 1);
  }
  const name = sdkCall(e, checker, 'web', WEB_NAMES);
  if (!name || !ts.isCallExpression(e)) throw new CannotVerify(`a constraint that is not a where/orderBy/limit call: ${e.getText()}`);
  const [a0, a1] = e.arguments;
  switch (name) {
    case 'where':
      return [filterClause(fieldPaths(a0!, checker), operators(a1!, checker))];
    case 'orderBy':
      return [orderClause(fieldPaths(a0!, checker), directions(a1, checker))];
    case 'limitToLast':
      return [[{ limitToLast: true }]];
    case 'and':
      return e.arguments.flatMap((a) => webConstraint(a, checker, depth + 1));
    case 'or':
      throw new CannotVerify('or() filters: each disjunction needs its own index');
    default:
      return []; // limit, cursors: no bearing on indexes
  }
}

function webBase(expr: ts.Expression, checker: ts.TypeChecker, depth = 0): { base: Base; clauses: Clause[] } {
  const e = skipOuter(expr);
  if (ts.isIdentifier(e) && depth < 5) {
    const init = constInitializer(e, checker);
    if (init) return webBase(init, checker, depth + 1);
  }
  const name = sdkCall(e, checker, 'web', WEB_NAMES);
  if (ts.isCallExpression(e) && name === 'collection') {
    return { base: collectionIds(e.arguments.slice(1), checker).map((id) => ({ collectionGroup: id, queryScope: 'COLLECTION' })), clauses: [] };
  }
  if (ts.isCallExpression(e) && name === 'collectionGroup') {
    return { base: collectionIds(e.arguments.slice(1, 2), checker).map((id) => ({ collectionGroup: id, queryScope: 'COLLECTION_GROUP' })), clauses: [] };
  }
  if (ts.isCallExpression(e) && name === 'query') {
    const inner = webBase(e.arguments[0]!, checker, depth + 1);
    return { base: inner.base, clauses: [...inner.clauses, ...e.arguments.slice(1).flatMap((a) => webConstraint(a, checker))] };
  }
  throw new CannotVerify(`the query's collection is not a collection()/collectionGroup()/query() the code shows: ${e.getText()}`);
}

function webQuery(call: ts.CallExpression, checker: ts.TypeChecker): QueryShape[] {
  const { base, clauses } = webBase(call, checker);
  return shapes(base, clauses);
}

// ---- functions: db.collection(…).where(…).orderBy(…)…

function adminChain(call: ts.CallExpression, checker: ts.TypeChecker): { shapes: QueryShape[]; at: ts.Node } {
  const clauses: Clause[] = [];
  let e: ts.Expression = call;
  let viaConst = false;
  for (let depth = 0; depth < 50; depth++) {
    e = skipOuter(e);
    if (ts.isIdentifier(e)) {
      const init = constInitializer(e, checker);
      if (!init) break;
      e = init;
      viaConst = true;
      continue;
    }
    const name = sdkCall(e, checker, 'admin', ADMIN_CHAIN);
    if (!name || !ts.isCallExpression(e) || !ts.isPropertyAccessExpression(skipOuter(e.expression))) break;
    const callee = skipOuter(e.expression) as ts.PropertyAccessExpression;
    const [a0, a1] = e.arguments;
    if (ADMIN_ROOTS.has(name)) {
      const scope: QueryScope = name === 'collection' ? 'COLLECTION' : 'COLLECTION_GROUP';
      const base = collectionIds([a0!], checker).map((id) => ({ collectionGroup: id, queryScope: scope }));
      // A chain written over several lines is located at its collection, one continued from a const at its end.
      return { shapes: shapes(base, clauses.reverse()), at: viaConst ? call : callee.name };
    }
    if (name === 'where') {
      if (e.arguments.length < 3) throw new CannotVerify(`a Filter object: ${e.getText()}`);
      clauses.push(filterClause(fieldPaths(a0!, checker), operators(a1!, checker)));
    } else if (name === 'orderBy') clauses.push(orderClause(fieldPaths(a0!, checker), directions(a1, checker)));
    else if (name === 'limitToLast') clauses.push([{ limitToLast: true }]);
    else if (name === 'findNearest') throw new CannotVerify('findNearest needs a vector index, which this check does not model');
    e = callee.expression;
  }
  throw new CannotVerify(`the query's collection is not a collection()/collectionGroup() chain the code shows: ${e.getText()}`);
}

/** A web query() that is the base of another query(): part of that one. */
function baseOfWebQuery(call: ts.CallExpression, checker: ts.TypeChecker): boolean {
  const parent = call.parent;
  return ts.isCallExpression(parent) && parent.arguments[0] === call && sdkCall(parent, checker, 'web', QUERY) !== undefined;
}

export function sideOf(file: string): Side {
  return file.startsWith('web/') ? 'web' : 'functions';
}

export function extractQueries(program: ts.Program, files: readonly ts.SourceFile[], root: string): Extraction {
  const checker = program.getTypeChecker();
  const result: Extraction = { queries: [], unverifiable: [] };
  for (const sf of files) {
    const file = relative(root, sf.fileName);
    const locate = (node: ts.Node, text: ts.Node): SourceLocation => ({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      side: sideOf(file),
      text: text.getText(sf).replace(/\s+/g, ' ').replace(/\(\s/g, '(').replace(/\s\./g, '.'),
    });
    const record = (call: ts.CallExpression, find: () => { shapes: QueryShape[]; at?: ts.Node }) => {
      try {
        const found = find();
        for (const shape of found.shapes) result.queries.push({ ...locate(found.at ?? call, call), shape });
      } catch (error) {
        if (!(error instanceof CannotVerify)) throw error;
        result.unverifiable.push({ ...locate(call, call), reason: error.message });
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const fn = sdkOf(node, checker);
        if (typeof fn === 'object' && fn.sdk === 'web' && fn.name === 'query' && !baseOfWebQuery(node, checker)) record(node, () => ({ shapes: webQuery(node, checker) }));
        if (typeof fn === 'object' && fn.sdk === 'admin' && ADMIN_QUERY_METHODS.has(fn.name) && !continuedBy(node, (next) => sdkCall(next, checker, 'admin', ADMIN_QUERY_METHODS) !== undefined)) {
          record(node, () => adminChain(node, checker));
        }
        // Typings that do not resolve (an `any` receiver, a broken import) must not hide a query.
        const unresolvedMarker = (n: ts.Node) => ts.isCallExpression(n) && QUERY_MARKERS.has(calleeName(n) ?? '') && sdkOf(n, checker) === 'unresolved';
        if (fn === 'unresolved' && (calleeName(node) === 'query' || (unresolvedMarker(node) && !continuedBy(node, unresolvedMarker)))) {
          result.unverifiable.push({ ...locate(node, node), reason: `the type checker cannot tell whether ${calleeName(node)}() is Firestore's (untyped receiver or unresolved import)` });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return result;
}
