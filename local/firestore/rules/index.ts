/**
 * Security-rules evaluator for the local Firestore engine: compiles the same
 * firestore.rules file production deploys and answers allow/deny per request.
 */
import type { CompiledRules, RulesDocumentAccess, RulesRequest } from '../src/contract.ts';
import { authorize } from './authorize.ts';
import { compileFile } from './compile.ts';
import { parseRules } from './parser.ts';

export { RulesCompileError } from './errors.ts';
export { SINGLE_REQUEST_ACCESS_LIMIT } from './authorize.ts';

/** Firestore's limit for batched writes and transactions; pass it as `accessLimit`. */
export const BATCH_ACCESS_LIMIT = 20;

/** Parses and compiles once; throws RulesCompileError (`line:col` + construct) on anything unsupported. */
export function compileRules(source: string): CompiledRules {
  const { file, lexer } = parseRules(source);
  const compiled = compileFile(file, lexer);
  return {
    authorize: (request: RulesRequest, access: RulesDocumentAccess) => authorize(compiled, request, access),
  };
}
