import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { z } from 'zod';

/** What a handler sees: the parsed input and the parts of the request it may need. */
export interface EndpointContext<I> {
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  input: I;
  ip: string;
  /** Raw response, only for handlers that stream (Server-Sent Events); they must end it themselves. */
  res: ServerResponse;
}

/** A handler's answer; `undefined` means it wrote to `res` itself (streaming). */
export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path pattern with `:name` parameters, e.g. `/v2/agents/:agentId`. */
  path: string;
  /** Parses the JSON body (POST/PUT/PATCH/DELETE) or the query string as an object (GET). */
  input: z.ZodType;
  handle(ctx: EndpointContext<unknown>): Promise<Reply | undefined>;
}

/** One file per endpoint: export its input schema and `defineEndpoint({...})`. */
export function defineEndpoint<S extends z.ZodType>(def: {
  method: Endpoint['method'];
  path: string;
  input: S;
  handler: (ctx: EndpointContext<z.output<S>>) => Promise<Reply | undefined>;
}): Endpoint {
  return {
    method: def.method,
    path: def.path,
    input: def.input,
    handle: (ctx) => def.handler(ctx as EndpointContext<z.output<S>>),
  };
}

/** Throw from a handler to answer with a status and a message the user can read. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The bearer token of a request, or null. */
export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const header = headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}
