// HTTP endpoints of the functions API (same origin through Hosting rewrites, or apiBase), called through their
// contracts (@parley/core's `*Api.<operation>`): the URL comes from the contract's path, params and query, the
// request is typed from its schemas, and the answer is parsed with its output schema.
import {
  endpointUrl, readSse, type AnyEndpointContract, type EndpointBody, type EndpointEvent, type EndpointOutput, type EndpointParams,
  type EndpointQuery,
} from '@parley/core';
import type { z } from 'zod';
import { apiUrl } from './config';

/** A non-2xx answer: its status and the server's sentence ('' when it gave none). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An answer the contract does not describe (the server and the page disagree): nothing of it is used. */
export class UnexpectedAnswerError extends Error {
  constructor(operation: string, cause: z.ZodError) {
    super(`The server's answer to ${operation} was not understood.`, { cause });
    this.name = 'UnexpectedAnswerError';
  }
}

/** The sentence to show for a failed call: the server's own, else `fallback`. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Sends JSON with an optional bearer and reads the JSON answer; non-2xx answers throw ApiError with the reply's error text. */
async function apiFetch(path: string, opts: { method?: string; bearer?: string | null; body?: unknown }): Promise<unknown> {
  return readJson(await send(path, opts));
}

/** The request itself (streams read its body); non-2xx answers throw ApiError. */
async function send(path: string, opts: { method?: string; bearer?: string | null; body?: unknown; accept?: string }): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  if (opts.accept) headers.accept = opts.accept;
  const res = await fetch(apiUrl(path), {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (!res.ok) throw new ApiError(res.status, errorText(await readJson(res).catch(() => null)));
  return res;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function errorText(data: unknown): string {
  const record = (data ?? {}) as { error?: unknown; message?: unknown };
  if (typeof record.error === 'string' && record.error) return record.error;
  if (typeof record.message === 'string' && record.message) return record.message;
  return '';
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing required" is the empty object
type Slot<K extends string, T> = {} extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a call sends: the contract's path parameters, query and body (each optional when nothing in it is required). */
export type ApiRequest<C extends AnyEndpointContract> = Slot<'params', EndpointParams<C>> &
  Slot<'query', EndpointQuery<C>> &
  Slot<'body', EndpointBody<C>> & {
    /** `Authorization: Bearer …` for `auth: 'bearer'` endpoints. */
    bearer?: string | null;
  };

/** The path and options of a contract's request: the URL from its path, params and query; GET sends no body. */
function requestOf<C extends AnyEndpointContract>(contract: C, request: ApiRequest<C>) {
  const { params, query, body, bearer } = request as { params?: EndpointParams<C>; query?: EndpointQuery<C>; body?: unknown; bearer?: string | null };
  return { path: endpointUrl(contract, { params, query }), options: { method: contract.method, bearer, body: contract.method === 'GET' ? undefined : (body ?? {}) } };
}

/** Calls an HTTP endpoint and answers its parsed output; ApiError for refusals, UnexpectedAnswerError for a stray answer. */
export async function callApi<C extends AnyEndpointContract>(contract: C, request: ApiRequest<C>): Promise<EndpointOutput<C>> {
  const { path, options } = requestOf(contract, request);
  const data = await apiFetch(path, options);
  const parsed = contract.output.safeParse(data);
  if (!parsed.success) throw new UnexpectedAnswerError(contract.name, parsed.error);
  return parsed.data as EndpointOutput<C>;
}

type EventName<C extends AnyEndpointContract> = keyof C['events'] & string;
/** One Server-Sent Event of an endpoint, its data parsed with the contract's schema for that event. */
export type ApiEvent<C extends AnyEndpointContract> = { [K in EventName<C>]: { event: K; data: EndpointEvent<C, K> } }[EventName<C>];

/**
 * Calls an endpoint that streams (its body asks for it, e.g. `stream: true`) and yields its events in order;
 * events the contract does not name are skipped, and one whose data does not match throws UnexpectedAnswerError.
 */
export async function* streamApi<C extends AnyEndpointContract>(contract: C, request: ApiRequest<C>): AsyncGenerator<ApiEvent<C>> {
  const { path, options } = requestOf(contract, request);
  const res = await send(path, { ...options, accept: 'text/event-stream' });
  if (!res.body) throw new ApiError(res.status, 'The reply could not be read.');
  const schemas = contract.events as Record<string, z.ZodType>;
  for await (const { event, data } of readSse(res.body)) {
    const schema = schemas[event];
    if (!schema) continue;
    let json: unknown = null;
    try {
      json = JSON.parse(data);
    } catch {
      /* checked below */
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new UnexpectedAnswerError(contract.name, parsed.error);
    yield { event, data: parsed.data } as ApiEvent<C>;
  }
}
