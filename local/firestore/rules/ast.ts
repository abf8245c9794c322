/** Syntax tree of a rules file. `at` is the source offset, for error positions. */
import type { Val } from './values.ts';

export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type Expr =
  | { k: 'lit'; v: Val; at: number }
  | { k: 'ident'; name: string; at: number }
  | { k: 'member'; obj: Expr; name: string; at: number }
  | { k: 'index'; obj: Expr; index: Expr; at: number }
  | { k: 'slice'; obj: Expr; from: Expr | null; to: Expr | null; at: number }
  | { k: 'call'; callee: Expr; args: Expr[]; at: number }
  | { k: 'unary'; op: '!' | '-'; e: Expr; at: number }
  | { k: 'binary'; op: BinaryOp; l: Expr; r: Expr; at: number }
  | { k: 'is'; e: Expr; type: string; at: number }
  | { k: 'cond'; c: Expr; t: Expr; f: Expr; at: number }
  | { k: 'list'; items: Expr[]; at: number }
  | { k: 'map'; entries: [Expr, Expr][]; at: number }
  | { k: 'path'; segs: (string | Expr)[]; at: number };

export interface LetDecl {
  name: string;
  expr: Expr;
  at: number;
}

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: LetDecl[];
  ret: Expr;
  at: number;
}

export interface AllowDecl {
  methods: string[];
  cond: Expr | null;
  at: number;
}

export type PatternSeg = { kind: 'lit'; value: string } | { kind: 'var'; name: string } | { kind: 'rest'; name: string };

export interface MatchDecl {
  pattern: PatternSeg[];
  block: Block;
  at: number;
}

export interface Block {
  functions: FunctionDecl[];
  allows: AllowDecl[];
  matches: MatchDecl[];
}

export interface RulesFile {
  version: '1' | '2';
  service: Block;
}
