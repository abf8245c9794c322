/**
 * Recursive-descent parser for firestore.rules. Operator precedence follows the
 * rules language reference, loosest first:
 *   ?:  ||  &&  == !=  in is  < <= > >=  + -  * / %  ! -(unary)  . [] ()
 */
import type { AllowDecl, BinaryOp, Block, Expr, FunctionDecl, LetDecl, MatchDecl, PatternSeg, RulesFile } from './ast.ts';
import { Lexer, type Token } from './lexer.ts';

const METHODS = new Set(['read', 'write', 'get', 'list', 'create', 'update', 'delete']);
/** Literal characters allowed in a path segment. */
const SEGMENT_CHAR = /[A-Za-z0-9_\-~%@+.]/;
const PATTERN_CHAR = /[A-Za-z0-9_\-~%@+.()]/;

export function parseRules(source: string): { file: RulesFile; lexer: Lexer } {
  const p = new Parser(source);
  return { file: p.parseFile(), lexer: p.lexer };
}

class Parser {
  readonly lexer: Lexer;
  private tok: Token;

  constructor(source: string) {
    this.lexer = new Lexer(source);
    this.tok = this.lexer.scan(0);
  }

  /* ----------------------------- helpers ----------------------------- */

  private advance(): Token {
    const t = this.tok;
    this.tok = this.lexer.scan(t.end);
    return t;
  }

  private is(value: string, kind: 'punct' | 'ident' = 'punct'): boolean {
    return this.tok.kind === kind && this.tok.value === value;
  }

  private accept(value: string, kind: 'punct' | 'ident' = 'punct'): boolean {
    if (!this.is(value, kind)) return false;
    this.advance();
    return true;
  }

  private expect(value: string, construct: string, kind: 'punct' | 'ident' = 'punct'): Token {
    if (!this.is(value, kind)) throw this.unexpected(construct, `expected '${value}'`);
    return this.advance();
  }

  private ident(construct: string): Token {
    if (this.tok.kind !== 'ident') throw this.unexpected(construct, 'expected a name');
    return this.advance();
  }

  private unexpected(construct: string, detail: string): Error {
    const found = this.tok.kind === 'eof' ? 'end of file' : `'${this.lexer.src.slice(this.tok.start, this.tok.end)}'`;
    return this.lexer.error(this.tok.start, construct, `${detail}, found ${found}`);
  }

  /* --------------------------- declarations -------------------------- */

  parseFile(): RulesFile {
    let version: '1' | '2' = '1';
    if (this.is('rules_version', 'ident')) {
      this.advance();
      this.expect('=', 'rules_version');
      const v = this.tok;
      if (v.kind !== 'string' || (v.value !== '1' && v.value !== '2')) throw this.unexpected('rules_version', "expected '1' or '2'");
      version = v.value;
      this.advance();
      this.accept(';');
    }
    if (!this.is('service', 'ident')) throw this.unexpected('service', "expected 'service cloud.firestore'");
    const at = this.advance().start;
    const name = [this.ident('service').value];
    while (this.accept('.')) name.push(this.ident('service').value);
    if (name.join('.') !== 'cloud.firestore') throw this.lexer.error(at, 'service', `unsupported service '${name.join('.')}'`);
    this.expect('{', 'service');
    const service = this.parseBlock('service');
    this.expect('}', 'service');
    if (this.tok.kind !== 'eof') throw this.unexpected('service', 'expected end of file');
    return { version, service };
  }

  private parseBlock(kind: 'service' | 'match'): Block {
    const block: Block = { functions: [], allows: [], matches: [] };
    while (!this.is('}') && this.tok.kind !== 'eof') {
      if (this.is('match', 'ident')) block.matches.push(this.parseMatch());
      else if (this.is('function', 'ident')) block.functions.push(this.parseFunction());
      else if (this.is('allow', 'ident') && kind === 'match') block.allows.push(this.parseAllow());
      else {
        const construct = this.tok.kind === 'ident' ? this.tok.value : 'statement';
        throw this.unexpected(construct, `unsupported statement in ${kind} block`);
      }
    }
    return block;
  }

  private parseMatch(): MatchDecl {
    const at = this.advance().start;
    const pattern = this.parsePattern();
    this.expect('{', 'match');
    const block = this.parseBlock('match');
    this.expect('}', 'match');
    return { pattern, block, at };
  }

  /** `/databases/{database}/documents/{rest=**}` scanned from the raw text. */
  private parsePattern(): PatternSeg[] {
    const src = this.lexer.src;
    let pos = this.tok.start;
    if (src[pos] !== '/') throw this.unexpected('match', "expected a path starting with '/'");
    const segs: PatternSeg[] = [];
    while (src[pos] === '/') {
      pos++;
      if (src[pos] === '{') {
        const m = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}/.exec(src.slice(pos, pos + 200));
        if (!m) throw this.lexer.error(pos, 'match pattern', 'malformed wildcard, expected {name} or {name=**}');
        segs.push(m[2] ? { kind: 'rest', name: m[1] as string } : { kind: 'var', name: m[1] as string });
        pos += m[0].length;
      } else {
        const from = pos;
        while (pos < src.length && PATTERN_CHAR.test(src[pos] as string)) pos++;
        if (pos === from) throw this.lexer.error(pos, 'match pattern', 'empty path segment');
        segs.push({ kind: 'lit', value: src.slice(from, pos) });
      }
    }
    this.tok = this.lexer.scan(pos);
    return segs;
  }

  private parseFunction(): FunctionDecl {
    const at = this.advance().start;
    const name = this.ident('function').value;
    this.expect('(', 'function');
    const params: string[] = [];
    if (!this.is(')')) {
      do params.push(this.ident('function parameter').value);
      while (this.accept(','));
    }
    this.expect(')', 'function');
    this.expect('{', 'function');
    const lets: LetDecl[] = [];
    while (this.is('let', 'ident')) {
      const letAt = this.advance().start;
      const letName = this.ident('let').value;
      this.expect('=', 'let');
      lets.push({ name: letName, expr: this.parseExpr(), at: letAt });
      this.expect(';', 'let');
    }
    if (!this.is('return', 'ident')) throw this.unexpected(this.tok.kind === 'ident' ? this.tok.value : 'function body', "expected 'let' or 'return'");
    this.advance();
    const ret = this.parseExpr();
    this.accept(';');
    this.expect('}', 'function');
    return { name, params, lets, ret, at };
  }

  private parseAllow(): AllowDecl {
    const at = this.advance().start;
    const methods: string[] = [];
    do {
      const m = this.ident('allow');
      if (!METHODS.has(m.value)) throw this.lexer.error(m.start, 'allow', `unknown method '${m.value}'`);
      methods.push(m.value);
    } while (this.accept(','));
    let cond: Expr | null = null;
    if (this.accept(':')) {
      this.expect('if', 'allow', 'ident');
      cond = this.parseExpr();
    }
    this.expect(';', 'allow');
    return { methods, cond, at };
  }

  /* ---------------------------- expressions -------------------------- */

  parseExpr(): Expr {
    const c = this.parseBinary(0);
    if (this.is('?')) {
      const at = this.advance().start;
      const t = this.parseExpr();
      this.expect(':', 'ternary');
      const f = this.parseExpr();
      return { k: 'cond', c, t, f, at };
    }
    return c;
  }

  private static readonly LEVELS: string[][] = [['||'], ['&&'], ['==', '!='], ['in', 'is'], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];

  private parseBinary(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.parseUnary();
    const ops = Parser.LEVELS[level] as string[];
    let l = this.parseBinary(level + 1);
    for (;;) {
      const t = this.tok;
      const isOp = (t.kind === 'punct' || (t.kind === 'ident' && (t.value === 'in' || t.value === 'is'))) && ops.includes(t.value);
      if (!isOp) return l;
      this.advance();
      if (t.value === 'is') {
        const type = this.ident('is');
        l = { k: 'is', e: l, type: type.value, at: type.start };
      } else {
        const r = this.parseBinary(level + 1);
        l = { k: 'binary', op: t.value as BinaryOp, l, r, at: t.start };
      }
    }
  }

  private parseUnary(): Expr {
    if (this.is('!') || this.is('-')) {
      const t = this.advance();
      const e = this.parseUnary();
      // Fold negative literals so that -9223372036854775808 stays in range.
      if (t.value === '-' && e.k === 'lit' && (typeof e.v === 'bigint' || typeof e.v === 'number')) return { k: 'lit', v: -e.v, at: t.start };
      return { k: 'unary', op: t.value as '!' | '-', e, at: t.start };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(e: Expr): Expr {
    for (;;) {
      if (this.is('.')) {
        this.advance();
        const name = this.ident('member access');
        e = { k: 'member', obj: e, name: name.value, at: name.start };
      } else if (this.is('(')) {
        this.advance();
        const args: Expr[] = [];
        if (!this.is(')')) {
          do args.push(this.parseExpr());
          while (this.accept(','));
        }
        this.expect(')', 'call');
        e = { k: 'call', callee: e, args, at: e.at };
      } else if (this.is('[')) {
        const at = this.advance().start;
        const from = this.is(':') ? null : this.parseExpr();
        if (this.accept(':')) {
          const to = this.is(']') ? null : this.parseExpr();
          this.expect(']', 'range');
          e = { k: 'slice', obj: e, from, to, at };
        } else {
          this.expect(']', 'index');
          e = { k: 'index', obj: e, index: from as Expr, at };
        }
      } else return e;
    }
  }

  private parsePrimary(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case 'int': {
        this.advance();
        return { k: 'lit', v: BigInt(t.value), at: t.start };
      }
      case 'float':
        this.advance();
        return { k: 'lit', v: Number(t.value), at: t.start };
      case 'string':
        this.advance();
        return { k: 'lit', v: t.value, at: t.start };
      case 'bytes':
        this.advance();
        throw this.lexer.error(t.start, 'bytes literal', 'bytes literals are not supported');
      case 'ident': {
        this.advance();
        if (t.value === 'true') return { k: 'lit', v: true, at: t.start };
        if (t.value === 'false') return { k: 'lit', v: false, at: t.start };
        if (t.value === 'null') return { k: 'lit', v: null, at: t.start };
        return { k: 'ident', name: t.value, at: t.start };
      }
      case 'punct':
        break;
      default:
        throw this.unexpected('expression', 'expected an expression');
    }
    if (t.value === '(') {
      this.advance();
      const e = this.parseExpr();
      this.expect(')', 'parenthesis');
      return e;
    }
    if (t.value === '[') {
      this.advance();
      const items: Expr[] = [];
      if (!this.is(']')) {
        do {
          if (this.is(']')) break;
          items.push(this.parseExpr());
        } while (this.accept(','));
      }
      this.expect(']', 'list literal');
      return { k: 'list', items, at: t.start };
    }
    if (t.value === '{') {
      this.advance();
      const entries: [Expr, Expr][] = [];
      if (!this.is('}')) {
        do {
          if (this.is('}')) break;
          const key = this.parseExpr();
          this.expect(':', 'map literal');
          entries.push([key, this.parseExpr()]);
        } while (this.accept(','));
      }
      this.expect('}', 'map literal');
      return { k: 'map', entries, at: t.start };
    }
    if (t.value === '/') return this.parsePathLiteral();
    throw this.unexpected('expression', 'expected an expression');
  }

  /** `/databases/$(database)/documents/users/$(request.auth.uid)` */
  private parsePathLiteral(): Expr {
    const src = this.lexer.src;
    const at = this.tok.start;
    let pos = at;
    const segs: (string | Expr)[] = [];
    while (src[pos] === '/') {
      pos++;
      if (src.startsWith('$(', pos) || src[pos] === '(') {
        this.tok = this.lexer.scan(pos + (src[pos] === '$' ? 2 : 1));
        segs.push(this.parseExpr());
        if (!this.is(')')) throw this.unexpected('path literal', "expected ')'");
        pos = this.tok.end;
      } else {
        const from = pos;
        while (pos < src.length && SEGMENT_CHAR.test(src[pos] as string)) pos++;
        if (pos === from) throw this.lexer.error(pos, 'path literal', 'empty path segment');
        segs.push(src.slice(from, pos));
      }
    }
    this.tok = this.lexer.scan(pos);
    return { k: 'path', segs, at };
  }
}
