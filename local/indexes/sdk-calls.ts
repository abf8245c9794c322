// Recognises calls to Firestore's SDKs by the declaration the type checker resolves them to (it lives in
// the SDK's typings), not by name: a local `orderBy` helper is not Firestore's, while an aliased import,
// a destructured or namespaced SDK (`sdk.query` on a lazily imported firebase/firestore) still is.
import ts from 'typescript';
import { skipOuter } from './resolve-value';

export type Sdk = 'web' | 'admin';

/** Modular SDK functions that make up a query. */
export const WEB_NAMES = new Set(['query', 'collection', 'collectionGroup', 'where', 'orderBy', 'limit', 'limitToLast', 'startAt', 'startAfter', 'endAt', 'endBefore', 'and', 'or', 'documentId']);
/** firebase-admin (@google-cloud/firestore) Query methods, and where a chain starts. */
export const ADMIN_QUERY_METHODS = new Set(['where', 'orderBy', 'limit', 'limitToLast', 'offset', 'startAt', 'startAfter', 'endAt', 'endBefore', 'select', 'findNearest']);
export const ADMIN_ROOTS = new Set(['collection', 'collectionGroup']);
const CANDIDATE_NAMES = new Set([...WEB_NAMES, ...ADMIN_QUERY_METHODS, ...ADMIN_ROOTS]);

export interface SdkFunction {
  sdk: Sdk;
  /** The SDK's own name for it, whatever the call site calls it (import aliases, destructuring). */
  name: string;
}

/** Which SDK function a call invokes, from the declaration the checker resolves it to. */
function resolveSdkFunction(call: ts.CallExpression, checker: ts.TypeChecker): SdkFunction | 'unresolved' | undefined {
  const declaration = checker.getResolvedSignature(call)?.declaration;
  if (!declaration) {
    const type = checker.getTypeAtLocation(call.expression);
    return type.flags & ts.TypeFlags.Any ? 'unresolved' : undefined;
  }
  const name = ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration) ? declaration.name?.getText() : undefined;
  if (!name) return undefined;
  const file = declaration.getSourceFile().fileName;
  if (/\/node_modules\/(@firebase\/firestore|firebase\/firestore)\//.test(file)) return { sdk: 'web', name };
  if (file.includes('/node_modules/@google-cloud/firestore/')) return { sdk: 'admin', name };
  return undefined;
}

/** Names a call site can give an SDK function: its own, or the one an import or destructuring renames. */
function mayBeSdkCall(call: ts.CallExpression, checker: ts.TypeChecker): boolean {
  const callee = skipOuter(call.expression);
  if (ts.isPropertyAccessExpression(callee)) return CANDIDATE_NAMES.has(callee.name.text);
  if (!ts.isIdentifier(callee)) return false;
  if (CANDIDATE_NAMES.has(callee.text)) return true;
  const decl = checker.getSymbolAtLocation(callee)?.declarations?.[0];
  const original = decl && (ts.isImportSpecifier(decl) || ts.isBindingElement(decl)) ? decl.propertyName : undefined;
  return original !== undefined && ts.isIdentifier(original) && CANDIDATE_NAMES.has(original.text);
}

// Resolving a call's signature type-checks it, which is slow on JSX-heavy code: only candidates are resolved.
const resolved = new WeakMap<ts.CallExpression, SdkFunction | 'unresolved' | undefined>();
export function sdkOf(call: ts.CallExpression, checker: ts.TypeChecker): SdkFunction | 'unresolved' | undefined {
  if (!resolved.has(call)) resolved.set(call, mayBeSdkCall(call, checker) ? resolveSdkFunction(call, checker) : undefined);
  return resolved.get(call);
}

export const calleeName = (call: ts.CallExpression): string | undefined => {
  const callee = skipOuter(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
};

/** The call's SDK function name if it is one of `names` in the given SDK. */
export function sdkCall(node: ts.Node, checker: ts.TypeChecker, sdk: Sdk, names: ReadonlySet<string>): string | undefined {
  if (!ts.isCallExpression(node)) return undefined;
  const fn = sdkOf(node, checker);
  return typeof fn === 'object' && fn.sdk === sdk && names.has(fn.name) ? fn.name : undefined;
}

/** A method call that `next` continues (call.next(…)): in a chain, only the outermost one counts. */
export function continuedBy(call: ts.CallExpression, next: (outer: ts.Node) => boolean): boolean {
  const parent = call.parent;
  return ts.isPropertyAccessExpression(parent) && parent.expression === call && ts.isCallExpression(parent.parent) && parent.parent.expression === parent && next(parent.parent);
}
