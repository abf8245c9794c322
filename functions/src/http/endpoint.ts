import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AnyEndpointContract } from '@parley/core';
import type { z } from 'zod';
import { looksLikeIdToken } from '../adapters/id-token';
import type { RateLimits } from '../rate-limits';
import { HttpError } from '../adapters/input-errors';

// Input and status errors live with the adapters (the callables and stored-data parsing use them too).
export { HttpError, InputError, parseInput } from '../adapters/input-errors';

/** What a handler sees: its contract's params, query and body, parsed; and the parts of the request it may need. */
export interface EndpointContext<C extends AnyEndpointContract> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  headers: IncomingHttpHeaders;
  /** The caller's address as the platform's front end saw it (see clientIp in router.ts): spoofing it takes more than a header. */
  ip: string;
  /** Raw response, only for handlers that stream (Server-Sent Events) or send files; they must end it themselves. */
  res: ServerResponse;
  /** The body's bytes as received (empty for GET): webhooks verify their provider's signature on these. */
  rawBody: Buffer;
  /** The rate limits, counted where every instance sees them (functions/src/rate-limits). */
  limits: RateLimits;
}

/** A handler's answer: JSON the contract's output schema describes. */
export interface Reply<B> {
  status?: number;
  body: B;
  headers?: Record<string, string>;
}

/**
 * What a handler may return for a contract: its output (z.input of the output schema — the JSON the schema
 * describes), read-only at every depth so `as const` values and shared constant lists fit too.
 */
export type Immutable<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { readonly [K in keyof T]: Immutable<T[K]> } : T;
export type ContractReply<C extends AnyEndpointContract> = Reply<Immutable<z.input<C['output']>>>;

/** A handler returns its contract's output, or `undefined` when it wrote to `res` itself (streaming, files). */
export type EndpointHandler<C extends AnyEndpointContract> = (ctx: EndpointContext<C>) => Promise<ContractReply<C> | undefined>;

export interface Endpoint {
  contract: AnyEndpointContract;
  handle(ctx: EndpointContext<AnyEndpointContract>): Promise<Reply<unknown> | undefined>;
}

/**
 * One file per endpoint: `defineEndpoint(contract, handler)`. The router parses the request's params, query and
 * body with the contract's schemas before the handler runs (400 naming the field when they do not fit); the
 * handler's answer must be what the contract's output schema describes (checked by the compiler).
 */
export function defineEndpoint<C extends AnyEndpointContract, const R extends ContractReply<C> | undefined>(
  contract: C,
  // R (a `const` type parameter) keeps the literals of the handler's answer, e.g. `success: true`, so they
  // are checked against the contract instead of being widened to boolean first.
  handler: (ctx: EndpointContext<C>) => Promise<R>,
): Endpoint {
  return { contract, handle: (ctx) => handler(ctx as EndpointContext<C>) };
}

/** ID tokens stay under 4 KB even with custom claims; workspace and agent secrets are short. */
const MAX_ID_TOKEN_CHARS = 4096;
const MAX_SECRET_CHARS = 256;

/**
 * The bearer token of a request, or null. One longer than any real credential is refused (401) here, before it is
 * verified or looked up (Firestore cannot even query for a value that long).
 */
export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const header = headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = match?.[1]?.trim() || null;
  if (token && token.length > (looksLikeIdToken(token) ? MAX_ID_TOKEN_CHARS : MAX_SECRET_CHARS)) throw new HttpError(401, 'Invalid bearer token.');
  return token;
}
