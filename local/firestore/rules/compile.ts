/**
 * Compiles a parsed rules file into a tree of match nodes whose functions and
 * allow conditions are ready-to-run closures, so a request only walks the tree.
 */
import type { RulesMethod } from '../src/contract.ts';
import type { Block, FunctionDecl, PatternSeg, RulesFile } from './ast.ts';
import { compileExpr, type Compiled, type Scope, type UserFunction } from './compile-expr.ts';
import type { Lexer } from './lexer.ts';

export interface CompiledAllow {
  methods: ReadonlySet<RulesMethod>;
  /** null: `allow x;` with no condition. */
  cond: Compiled | null;
}

export interface MatchNode {
  pattern: PatternSeg[];
  allows: CompiledAllow[];
  children: MatchNode[];
}

export interface CompiledFile {
  version: '1' | '2';
  roots: MatchNode[];
}

const EXPAND: Record<string, RulesMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

export function compileFile(file: RulesFile, lexer: Lexer): CompiledFile {
  const roots = compileBlockMatches(file.service, new Set(), [], file.version, lexer);
  // Functions at service level may be called by any match below.
  return { version: file.version, roots };
}

function compileBlockMatches(block: Block, pathVars: ReadonlySet<string>, fnChain: readonly ReadonlyMap<string, UserFunction>[], version: '1' | '2', lexer: Lexer): MatchNode[] {
  const chain = [...fnChain, registerFunctions(block.functions, pathVars, fnChain, lexer)];
  return block.matches.map((match) => {
    const vars = new Set(pathVars);
    match.pattern.forEach((seg, i) => {
      if (seg.kind === 'lit') return;
      if (vars.has(seg.name)) throw lexer.error(match.at, 'match', `path variable '${seg.name}' is already bound by an enclosing match`);
      if (seg.kind === 'rest') {
        const last = i === match.pattern.length - 1;
        if (version === '1' && (!last || match.block.matches.length > 0)) {
          throw lexer.error(match.at, 'match', `recursive wildcard {${seg.name}=**} must end the path in rules_version 1`);
        }
      }
      vars.add(seg.name);
    });
    if (match.pattern.filter((s) => s.kind === 'rest').length > 1) throw lexer.error(match.at, 'match', 'at most one recursive wildcard per match path');
    const innerChain = [...chain, registerFunctions(match.block.functions, vars, chain, lexer)];
    const scope: Scope = { pathVars: vars, functions: innerChain };
    const allows = match.block.allows.map((a) => ({
      methods: new Set(a.methods.flatMap((m) => EXPAND[m] ?? [])),
      cond: a.cond ? compileExpr(a.cond, scope, lexer) : null,
    }));
    // Nested matches see this block's functions through innerChain; avoid registering them twice.
    const children = compileBlockMatches({ ...match.block, functions: [] }, vars, innerChain, version, lexer);
    return { pattern: match.pattern, allows, children };
  });
}

/** Hoists a block's functions, then compiles their bodies against that scope. */
function registerFunctions(decls: FunctionDecl[], pathVars: ReadonlySet<string>, outer: readonly ReadonlyMap<string, UserFunction>[], lexer: Lexer): Map<string, UserFunction> {
  const fns = new Map<string, UserFunction>();
  for (const decl of decls) {
    if (fns.has(decl.name)) throw lexer.error(decl.at, 'function', `function '${decl.name}' is declared twice in this block`);
    if (new Set(decl.params).size !== decl.params.length) throw lexer.error(decl.at, 'function', `function '${decl.name}' repeats a parameter name`);
    fns.set(decl.name, { decl, calls: new Set() });
  }
  const chain = [...outer, fns];
  for (const fn of fns.values()) {
    const locals = new Map<string, { kind: 'param' | 'let'; index: number }>();
    fn.decl.params.forEach((p, i) => locals.set(p, { kind: 'param', index: i }));
    const letThunks: Compiled[] = [];
    fn.decl.lets.forEach((l, i) => {
      if (locals.has(l.name)) throw lexer.error(l.at, 'let', `'${l.name}' is already defined in function '${fn.decl.name}'`);
      // A let sees parameters and the lets before it.
      letThunks.push(compileExpr(l.expr, { pathVars, functions: chain, locals: new Map(locals), letThunks, current: fn }, lexer));
      locals.set(l.name, { kind: 'let', index: i });
    });
    fn.lets = letThunks;
    fn.body = compileExpr(fn.decl.ret, { pathVars, functions: chain, locals, letThunks, current: fn }, lexer);
  }
  // Calls only reach this block's or outer functions, all compiled by now.
  const acyclic = new Set<UserFunction>();
  for (const fn of fns.values()) rejectRecursion(fn, [], acyclic, lexer);
  return fns;
}

/** Firestore rejects recursive functions when rules are deployed; so do we. */
function rejectRecursion(fn: UserFunction, stack: UserFunction[], acyclic: Set<UserFunction>, lexer: Lexer): void {
  if (acyclic.has(fn)) return;
  if (stack.includes(fn)) {
    const cycle = [...stack.slice(stack.indexOf(fn)), fn].map((f) => f.decl.name).join(' → ');
    throw lexer.error(fn.decl.at, 'function', `recursive function call ${cycle}`);
  }
  for (const callee of fn.calls) rejectRecursion(callee, [...stack, fn], acyclic, lexer);
  acyclic.add(fn);
}
