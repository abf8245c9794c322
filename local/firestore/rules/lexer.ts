/**
 * An on-demand lexer: the parser pulls one token at a time and can re-scan the
 * raw text at any offset, which match patterns and path literals
 * (`/users/$(uid)`, `/{doc=**}`) need because they are not ordinary tokens.
 */
import { RulesCompileError } from './errors.ts';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier name, punctuation text, or the decoded literal. */
  value: string;
  start: number;
  end: number;
}

const PUNCT = ['&&', '||', '==', '!=', '<=', '>=', '$(', '{', '}', '(', ')', '[', ']', ',', ';', ':', '.', '?', '!', '=', '<', '>', '+', '-', '*', '/', '%'];

export class Lexer {
  private readonly lineStarts: number[] = [0];

  constructor(readonly src: string) {
    for (let i = 0; i < src.length; i++) if (src[i] === '\n') this.lineStarts.push(i + 1);
  }

  position(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (this.lineStarts[lo] as number) + 1 };
  }

  error(offset: number, construct: string, detail: string): RulesCompileError {
    const { line, col } = this.position(offset);
    return new RulesCompileError(line, col, construct, detail);
  }

  /** Offset of the first character after whitespace and comments. */
  skipTrivia(pos: number): number {
    const s = this.src;
    for (;;) {
      const c = s[pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') pos++;
      else if (c === '/' && s[pos + 1] === '/') {
        while (pos < s.length && s[pos] !== '\n') pos++;
      } else if (c === '/' && s[pos + 1] === '*') {
        const end = s.indexOf('*/', pos + 2);
        if (end < 0) throw this.error(pos, 'comment', 'unterminated block comment');
        pos = end + 2;
      } else return pos;
    }
  }

  scan(from: number): Token {
    const s = this.src;
    const start = this.skipTrivia(from);
    if (start >= s.length) return { kind: 'eof', value: '', start, end: start };
    const c = s[start] as string;
    // Raw and bytes string prefixes: r'..', b'..', rb'..'.
    const prefix = /^(r|b|rb|br|R|B|RB|BR|rB|Rb|bR|Br)['"]/.exec(s.slice(start, start + 3));
    if (prefix) {
      const p = (prefix[1] as string).toLowerCase();
      const lit = this.scanString(start + p.length, p.includes('r'));
      return { kind: p.includes('b') ? 'bytes' : 'string', value: lit.value, start, end: lit.end };
    }
    if (/[A-Za-z_]/.test(c)) {
      let end = start + 1;
      while (end < s.length && /[A-Za-z0-9_]/.test(s[end] as string)) end++;
      return { kind: 'ident', value: s.slice(start, end), start, end };
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(s[start + 1] ?? ''))) return this.scanNumber(start);
    if (c === "'" || c === '"') {
      const lit = this.scanString(start, false);
      return { kind: 'string', value: lit.value, start, end: lit.end };
    }
    for (const p of PUNCT) {
      if (s.startsWith(p, start)) return { kind: 'punct', value: p, start, end: start + p.length };
    }
    throw this.error(start, 'character', `unexpected character '${c}'`);
  }

  private scanNumber(start: number): Token {
    const s = this.src.slice(start);
    const hex = /^0[xX][0-9a-fA-F]+/.exec(s);
    if (hex) return { kind: 'int', value: BigInt(hex[0]).toString(), start, end: start + hex[0].length };
    const m = /^(?:[0-9]+(\.[0-9]+)?|\.[0-9]+)([eE][+-]?[0-9]+)?/.exec(s);
    const text = (m as RegExpExecArray)[0];
    const isFloat = text.includes('.') || /[eE]/.test(text);
    if (/^[A-Za-z_]/.test(s.slice(text.length))) throw this.error(start, 'number literal', `malformed number '${s.slice(0, text.length + 1)}'`);
    return { kind: isFloat ? 'float' : 'int', value: text, start, end: start + text.length };
  }

  private scanString(quoteAt: number, raw: boolean): { value: string; end: number } {
    const s = this.src;
    const q = s[quoteAt] as string;
    const triple = s.startsWith(q.repeat(3), quoteAt);
    const close = triple ? q.repeat(3) : q;
    let pos = quoteAt + close.length;
    let out = '';
    for (;;) {
      if (pos >= s.length || (!triple && s[pos] === '\n')) throw this.error(quoteAt, 'string literal', 'unterminated string');
      if (s.startsWith(close, pos)) return { value: out, end: pos + close.length };
      const ch = s[pos] as string;
      if (ch === '\\' && !raw) {
        const e = s[pos + 1] ?? '';
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', a: '\x07', '\\': '\\', "'": "'", '"': '"', '`': '`', '?': '?' };
        if (e in simple) {
          out += simple[e];
          pos += 2;
          continue;
        }
        const hex = e === 'x' || e === 'X' ? /^[0-9a-fA-F]{2}/.exec(s.slice(pos + 2)) : e === 'u' ? /^[0-9a-fA-F]{4}/.exec(s.slice(pos + 2)) : e === 'U' ? /^[0-9a-fA-F]{8}/.exec(s.slice(pos + 2)) : null;
        if (hex) {
          out += String.fromCodePoint(parseInt(hex[0], 16));
          pos += 2 + hex[0].length;
          continue;
        }
        const oct = /^[0-3][0-7]{2}/.exec(s.slice(pos + 1));
        if (oct) {
          out += String.fromCharCode(parseInt(oct[0], 8));
          pos += 4;
          continue;
        }
        throw this.error(pos, 'string escape', `unknown escape '\\${e}'`);
      }
      out += ch;
      pos++;
    }
  }
}
