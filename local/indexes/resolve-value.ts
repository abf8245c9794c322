// Static evaluation of an expression to the strings it can take, as far as the code shows: literals,
// templates, conditionals, consts and object properties (followed across imports), literal-union types,
// and project functions whose returns are such expressions (path helpers like paths.kb(agentId)).
// A part that cannot be known (a parameter, a `let`) becomes UNKNOWN, so a caller can still use the
// known parts, e.g. the last segment of `voiceglow/${agentId}/kb`.
import ts from 'typescript';

export const UNKNOWN = '\u0000';
/** More alternatives than this is no longer a statement about the code worth checking. */
const MAX_VALUES = 16;
const MAX_DEPTH = 12;

export function skipOuter(node: ts.Expression): ts.Expression {
  let e = node;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e) || ts.isTypeAssertionExpression(e)) {
    e = e.expression;
  }
  return e;
}

const unique = (values: string[]): string[] => [...new Set(values)];
const cross = (left: string[], right: string[]): string[] => unique(left.flatMap((a) => right.map((b) => a + b)));
const bounded = (values: string[]): string[] => (values.length > MAX_VALUES ? [UNKNOWN] : values);

function literalsOfType(type: ts.Type): string[] | null {
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const t of members) {
    if (t.isStringLiteral()) values.push(t.value);
    else if (t.isNumberLiteral()) values.push(String(t.value));
    else return null;
  }
  return values;
}

/** The declaration an identifier or property access refers to, through import aliases. */
export function declarationOf(node: ts.Node, checker: ts.TypeChecker): ts.Declaration | undefined {
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
}

/** The initializer of a `const` (or of an object-literal property), where a name's value is fixed in the code. */
export function constInitializer(node: ts.Expression, checker: ts.TypeChecker): ts.Expression | undefined {
  const decl = declarationOf(node, checker);
  if (!decl) return undefined;
  if (ts.isVariableDeclaration(decl) && decl.initializer && ts.isIdentifier(decl.name)) {
    return ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const ? decl.initializer : undefined;
  }
  if (ts.isPropertyAssignment(decl)) return decl.initializer;
  return undefined;
}

function isProjectSource(node: ts.Node): boolean {
  const file = node.getSourceFile();
  return !file.isDeclarationFile && !file.fileName.includes('/node_modules/');
}

/** The expressions a project function returns (not those of functions nested in it). */
function returnedExpressions(callee: ts.Expression, checker: ts.TypeChecker): ts.Expression[] | undefined {
  const decl = declarationOf(callee, checker);
  if (!decl || !isProjectSource(decl)) return undefined;
  let fn: ts.Node | undefined = decl;
  if ((ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer) fn = skipOuter(decl.initializer);
  if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !fn.body) return undefined;
  if (!ts.isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) {
      if (node.expression) found.push(node.expression);
    } else if (!ts.isFunctionLike(node) && !ts.isClassLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

function evaluate(node: ts.Expression, checker: ts.TypeChecker, depth: number): string[] {
  if (depth > MAX_DEPTH) return [UNKNOWN];
  const e = skipOuter(node);
  if (ts.isStringLiteralLike(e)) return [e.text];
  if (ts.isNumericLiteral(e)) return [String(Number(e.text))];
  if (ts.isTemplateExpression(e)) {
    let acc = [e.head.text];
    for (const span of e.templateSpans) acc = bounded(cross(cross(acc, evaluate(span.expression, checker, depth + 1)), [span.literal.text]));
    return acc;
  }
  if (ts.isConditionalExpression(e)) return bounded(unique([...evaluate(e.whenTrue, checker, depth + 1), ...evaluate(e.whenFalse, checker, depth + 1)]));
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken) return bounded(cross(evaluate(e.left, checker, depth + 1), evaluate(e.right, checker, depth + 1)));
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      return bounded(unique([...evaluate(e.left, checker, depth + 1), ...evaluate(e.right, checker, depth + 1)]));
    }
  }
  // A literal (union) type is the checker's own proof of the possible values.
  const typed = literalsOfType(checker.getTypeAtLocation(e));
  if (typed && typed.length > 0) return bounded(typed);
  if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
    const init = constInitializer(e, checker);
    if (init) return evaluate(init, checker, depth + 1);
  }
  if (ts.isCallExpression(e)) {
    const returns = returnedExpressions(e.expression, checker);
    if (returns && returns.length > 0) return bounded(unique(returns.flatMap((r) => evaluate(r, checker, depth + 1))));
  }
  return [UNKNOWN];
}

/** Every string `expr` can evaluate to; values containing UNKNOWN are only partly known. */
export function possibleStrings(expr: ts.Expression, checker: ts.TypeChecker): string[] {
  return evaluate(expr, checker, 0);
}

export const isKnown = (value: string): boolean => !value.includes(UNKNOWN);
