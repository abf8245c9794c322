/**
 * Turns expression trees into closures once, at compile time. Names are
 * resolved here (locals, path wildcards, request/resource, user functions,
 * builtins), so an unknown variable, function or method fails compileRules
 * instead of silently denying (or allowing) at request time.
 */
import type { Expr, FunctionDecl } from './ast.ts';
import { callMethod, GLOBAL_FUNCTIONS, KNOWN_METHODS, NAMESPACES } from './builtins.ts';
import { MAX_CALL_DEPTH, type EvalCtx } from './context.ts';
import { AccessLimitError, fail } from './errors.ts';
import type { Lexer } from './lexer.ts';
import { add, divide, inOperator, isType, modulo, multiply, negate, relational, subtract, TYPE_NAMES } from './operators.ts';
import { equals, INT64_MAX, RMap, RPath, typeName, type Val } from './values.ts';

/** Arguments and lazily evaluated `let` values of one user-function call. */
export interface Frame {
  args: Val[];
  lets: ({ ok: true; v: Val } | { ok: false; e: unknown } | undefined)[];
}

export type Compiled = (ctx: EvalCtx, frame: Frame | null) => Val;

export interface UserFunction {
  decl: FunctionDecl;
  /** Filled once the body is compiled; functions are hoisted within their block. */
  body?: Compiled;
  lets?: Compiled[];
  /** User functions this one calls, for rejecting recursion at compile time. */
  calls: Set<UserFunction>;
}

/** What names mean where an expression sits. */
export interface Scope {
  pathVars: ReadonlySet<string>;
  /** Innermost block last; a name resolves to the innermost definition. */
  functions: readonly ReadonlyMap<string, UserFunction>[];
  /** In a function body: parameter and let names with their slots. */
  locals?: ReadonlyMap<string, { kind: 'param' | 'let'; index: number }>;
  letThunks?: Compiled[];
  /** The user function whose body this is. */
  current?: UserFunction;
}

export function compileExpr(e: Expr, scope: Scope, lexer: Lexer): Compiled {
  const c = (x: Expr): Compiled => compileExpr(x, scope, lexer);
  const err = (at: number, construct: string, detail: string) => lexer.error(at, construct, detail);

  switch (e.k) {
    case 'lit': {
      if (typeof e.v === 'bigint' && (e.v > INT64_MAX || e.v < -INT64_MAX - 1n)) throw err(e.at, 'int literal', 'integer literal out of range');
      const v = e.v;
      return () => v;
    }
    case 'ident':
      return compileIdent(e.name, e.at, scope, lexer);
    case 'member': {
      if (e.obj.k === 'ident' && isNamespace(e.obj.name, scope)) throw err(e.at, `${e.obj.name}.${e.name}`, 'namespace members must be called');
      const obj = c(e.obj);
      const name = e.name;
      return (ctx, f) => field(obj(ctx, f), name);
    }
    case 'index': {
      const obj = c(e.obj);
      const index = c(e.index);
      return (ctx, f) => indexValue(obj(ctx, f), index(ctx, f));
    }
    case 'slice': {
      const obj = c(e.obj);
      const from = e.from ? c(e.from) : null;
      const to = e.to ? c(e.to) : null;
      return (ctx, f) => sliceValue(obj(ctx, f), from ? from(ctx, f) : undefined, to ? to(ctx, f) : undefined);
    }
    case 'call':
      return compileCall(e, scope, lexer);
    case 'unary': {
      const x = c(e.e);
      if (e.op === '!') {
        return (ctx, f) => {
          const v = x(ctx, f);
          if (typeof v !== 'boolean') fail(`'!' needs a bool, got ${typeName(v)}`);
          return !v;
        };
      }
      return (ctx, f) => negate(x(ctx, f));
    }
    case 'is': {
      if (!TYPE_NAMES.has(e.type)) throw err(e.at, 'is', `unknown type '${e.type}'`);
      const x = c(e.e);
      const type = e.type;
      return (ctx, f) => isType(x(ctx, f), type);
    }
    case 'cond': {
      const cond = c(e.c);
      const t = c(e.t);
      const fl = c(e.f);
      return (ctx, f) => {
        const v = cond(ctx, f);
        if (typeof v !== 'boolean') fail(`'?:' needs a bool condition, got ${typeName(v)}`);
        return v ? t(ctx, f) : fl(ctx, f);
      };
    }
    case 'list': {
      const items = e.items.map(c);
      return (ctx, f) => items.map((i) => i(ctx, f));
    }
    case 'map': {
      const entries = e.entries.map(([k, v]) => [c(k), c(v)] as const);
      return (ctx, f) => {
        const out = new Map<string, Val>();
        for (const [k, v] of entries) {
          const key = k(ctx, f);
          if (typeof key !== 'string') fail(`map keys are strings, got ${typeName(key)}`);
          out.set(key, v(ctx, f));
        }
        return new RMap(out);
      };
    }
    case 'path': {
      const segs = e.segs.map((s) => (typeof s === 'string' ? s : c(s)));
      return (ctx, f) => {
        const out: string[] = [];
        for (const s of segs) {
          if (typeof s === 'string') {
            out.push(s);
            continue;
          }
          const v = s(ctx, f);
          if (typeof v === 'string') {
            if (v === '' || v.includes('/')) fail(`path segment '${v}' is empty or contains '/'`);
            out.push(v);
          } else if (v instanceof RPath) out.push(...v.segments);
          else fail(`path segment must be a string, got ${typeName(v)}`);
        }
        return new RPath(out);
      };
    }
    case 'binary':
      return compileBinary(e, c);
  }
}

function isNamespace(name: string, scope: Scope): boolean {
  return name in NAMESPACES && !scope.locals?.has(name) && !scope.pathVars.has(name);
}

function compileIdent(name: string, at: number, scope: Scope, lexer: Lexer): Compiled {
  const local = scope.locals?.get(name);
  if (local?.kind === 'param') {
    const i = local.index;
    return (_ctx, f) => (f as Frame).args[i] as Val;
  }
  if (local?.kind === 'let') {
    const i = local.index;
    const thunks = scope.letThunks as Compiled[];
    return (ctx, f) => {
      const frame = f as Frame;
      let slot = frame.lets[i];
      if (!slot) {
        try {
          slot = { ok: true, v: (thunks[i] as Compiled)(ctx, frame) };
        } catch (e) {
          if (e instanceof AccessLimitError) throw e;
          slot = { ok: false, e };
        }
        frame.lets[i] = slot;
      }
      if (!slot.ok) throw slot.e;
      return slot.v;
    };
  }
  if (scope.pathVars.has(name)) return (ctx) => ctx.vars.get(name) as Val;
  if (name === 'request') return (ctx) => ctx.request;
  if (name === 'resource') return (ctx) => ctx.resource;
  if (name in NAMESPACES) throw lexer.error(at, name, `namespace '${name}' used as a value`);
  throw lexer.error(at, name, `unknown variable '${name}'`);
}

function findUserFunction(name: string, scope: Scope): UserFunction | undefined {
  for (let i = scope.functions.length - 1; i >= 0; i--) {
    const fn = scope.functions[i]?.get(name);
    if (fn) return fn;
  }
  return undefined;
}

function compileCall(e: Extract<Expr, { k: 'call' }>, scope: Scope, lexer: Lexer): Compiled {
  const args = e.args.map((a) => compileExpr(a, scope, lexer));
  const evalArgs = (ctx: EvalCtx, f: Frame | null): Val[] => args.map((a) => a(ctx, f));
  const callee = e.callee;

  if (callee.k === 'ident') {
    const name = callee.name;
    const user = findUserFunction(name, scope);
    if (user) {
      scope.current?.calls.add(user);
      if (user.decl.params.length !== args.length) {
        throw lexer.error(callee.at, name, `function ${name}() takes ${user.decl.params.length} arguments, got ${args.length}`);
      }
      return (ctx, f) => {
        if (ctx.depth >= MAX_CALL_DEPTH) fail('function call depth limit exceeded');
        const frame: Frame = { args: evalArgs(ctx, f), lets: [] };
        ctx.depth++;
        try {
          return (user.body as Compiled)(ctx, frame);
        } finally {
          ctx.depth--;
        }
      };
    }
    const builtin = GLOBAL_FUNCTIONS[name];
    if (!builtin) throw lexer.error(callee.at, name, `unknown function '${name}'`);
    if (args.length < builtin.min || args.length > builtin.max) throw lexer.error(callee.at, name, `${name}() takes ${builtin.min} argument(s), got ${args.length}`);
    return (ctx, f) => builtin.fn(ctx, evalArgs(ctx, f));
  }

  if (callee.k === 'member') {
    const name = callee.name;
    if (callee.obj.k === 'ident' && isNamespace(callee.obj.name, scope)) {
      const ns = callee.obj.name;
      const builtin = NAMESPACES[ns]?.[name];
      if (!builtin) throw lexer.error(callee.at, `${ns}.${name}`, `unknown function '${ns}.${name}'`);
      if (args.length < builtin.min || args.length > builtin.max) throw lexer.error(callee.at, `${ns}.${name}`, `${ns}.${name}() takes ${builtin.min}..${builtin.max} arguments, got ${args.length}`);
      return (ctx, f) => builtin.fn(ctx, evalArgs(ctx, f));
    }
    if (!KNOWN_METHODS.has(name)) throw lexer.error(callee.at, `${name}()`, `unknown method '${name}'`);
    const recv = compileExpr(callee.obj, scope, lexer);
    return (ctx, f) => callMethod(recv(ctx, f), name, evalArgs(ctx, f));
  }

  throw lexer.error(e.at, 'call', 'only named functions and methods can be called');
}

function compileBinary(e: Extract<Expr, { k: 'binary' }>, c: (x: Expr) => Compiled): Compiled {
  const l = c(e.l);
  const r = c(e.r);
  switch (e.op) {
    // Firestore's error semantics: an error on one side is rescued when the
    // other side alone decides the result (true for ||, false for &&).
    case '||':
      return (ctx, f) => {
        let failure: unknown = null;
        try {
          const a = l(ctx, f);
          if (a === true) return true;
          if (a !== false) fail(`'||' needs bools, got ${typeName(a)}`);
        } catch (err) {
          if (err instanceof AccessLimitError) throw err;
          failure = err;
        }
        const b = r(ctx, f);
        if (typeof b !== 'boolean') fail(`'||' needs bools, got ${typeName(b)}`);
        if (b) return true;
        if (failure) throw failure;
        return false;
      };
    case '&&':
      return (ctx, f) => {
        let failure: unknown = null;
        try {
          const a = l(ctx, f);
          if (a === false) return false;
          if (a !== true) fail(`'&&' needs bools, got ${typeName(a)}`);
        } catch (err) {
          if (err instanceof AccessLimitError) throw err;
          failure = err;
        }
        const b = r(ctx, f);
        if (typeof b !== 'boolean') fail(`'&&' needs bools, got ${typeName(b)}`);
        if (!b) return false;
        if (failure) throw failure;
        return true;
      };
    case '==':
      return (ctx, f) => equals(l(ctx, f), r(ctx, f));
    case '!=':
      return (ctx, f) => !equals(l(ctx, f), r(ctx, f));
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const op = e.op;
      return (ctx, f) => relational(op, l(ctx, f), r(ctx, f));
    }
    case 'in':
      return (ctx, f) => inOperator(l(ctx, f), r(ctx, f));
    case '+':
      return (ctx, f) => add(l(ctx, f), r(ctx, f));
    case '-':
      return (ctx, f) => subtract(l(ctx, f), r(ctx, f));
    case '*':
      return (ctx, f) => multiply(l(ctx, f), r(ctx, f));
    case '/':
      return (ctx, f) => divide(l(ctx, f), r(ctx, f));
    case '%':
      return (ctx, f) => modulo(l(ctx, f), r(ctx, f));
  }
}

/* ------------------------- member, index, range ------------------------ */

function field(obj: Val, name: string): Val {
  if (!(obj instanceof RMap)) fail(`cannot read '.${name}' of ${typeName(obj)}`);
  if (!obj.entries.has(name)) fail(`no field '${name}'`);
  return obj.entries.get(name) as Val;
}

function position(i: Val, size: number): number {
  if (typeof i !== 'bigint') fail(`index must be an int, got ${typeName(i)}`);
  if (i < 0n || i >= BigInt(size)) fail(`index ${i} out of range`);
  return Number(i);
}

function indexValue(obj: Val, i: Val): Val {
  if (Array.isArray(obj)) return obj[position(i, obj.length)] as Val;
  if (obj instanceof RMap) {
    if (typeof i !== 'string') fail(`map keys are strings, got ${typeName(i)}`);
    if (!obj.entries.has(i)) fail(`no field '${i}'`);
    return obj.entries.get(i) as Val;
  }
  if (typeof obj === 'string') {
    const chars = Array.from(obj);
    return chars[position(i, chars.length)] as string;
  }
  if (obj instanceof RPath) return obj.segments[position(i, obj.segments.length)] as string;
  return fail(`cannot index ${typeName(obj)}`);
}

function bounds(from: Val | undefined, to: Val | undefined, size: number): [number, number] {
  const a = from === undefined ? 0n : from;
  const b = to === undefined ? BigInt(size) : to;
  if (typeof a !== 'bigint' || typeof b !== 'bigint') fail('range bounds must be ints');
  if (a < 0n || b > BigInt(size) || a > b) fail(`range [${a}:${b}] out of bounds`);
  return [Number(a), Number(b)];
}

function sliceValue(obj: Val, from: Val | undefined, to: Val | undefined): Val {
  if (Array.isArray(obj)) return obj.slice(...bounds(from, to, obj.length));
  if (typeof obj === 'string') {
    const chars = Array.from(obj);
    return chars.slice(...bounds(from, to, chars.length)).join('');
  }
  if (obj instanceof RPath) return new RPath(obj.segments.slice(...bounds(from, to, obj.segments.length)));
  return fail(`cannot take a range of ${typeName(obj)}`);
}
