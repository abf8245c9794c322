// One Graph request as the resource handlers see it; a handler answers, or passes (PASS) to the next.
import { GraphFailure, type MetaState, type Token } from './state';

export interface GraphCall {
  state: MetaState;
  method: string;
  /** The path after the version, e.g. ['me', 'accounts']. */
  first: string | undefined;
  second: string | undefined;
  query: URLSearchParams;
  body: Record<string, unknown>;
  auth: { info: Token } | null;
}

export const PASS = Symbol('not this handler');
export type GraphHandler = (call: GraphCall) => unknown;

/** The bearer's token kind, or Meta's 190 (no token) / 200 (a token of another kind). */
export function requireToken(auth: { info: Token } | null, ...kinds: Token['kind'][]): Token {
  if (!auth) throw new GraphFailure(400, 'Invalid OAuth access token - Cannot parse access token', 190);
  if (!kinds.includes(auth.info.kind)) throw new GraphFailure(400, '(#200) Permissions error', 200);
  return auth.info;
}

/** Comma-separated fields (body or query) as a list. */
export const fieldList = (value: unknown): string[] => String(value ?? '').split(',').map((f) => f.trim()).filter(Boolean);
