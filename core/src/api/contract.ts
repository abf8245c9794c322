// Contracts: every call that crosses the network between the browser (web, widget) and the Cloud Functions,
// described once. A contract names the operation, says how it is reached (callable, or HTTP method and path)
// and holds zod schemas of what goes in and what comes out. The functions parse their input with these
// schemas and must return what the output schema describes; the web and the widget type their calls with them.
//
// Contracts are plain objects holding schemas: nothing is parsed when this module is imported.
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The body of every non-2xx HTTP answer (bad input, refused bearer, unknown resource, our failure): one
 * sentence a user can read. 400 names the offending field ("Invalid input — region: …").
 */
export const apiErrorBodySchema = z.object({ success: z.literal(false), error: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** No parameters / query / body: unknown keys are dropped, nothing is required. */
export const noInputSchema = z.object({});

/** Server-Sent Events an endpoint may stream instead of its JSON answer: event name → data schema. */
export type EventSchemas = Readonly<Record<string, z.ZodType>>;

/**
 * Who may call an endpoint: `public` (anyone: the widget on any website) or `bearer` (an
 * `Authorization: Bearer …` header with a workspace secret, an agent's SECRET_API_KEY or a Firebase ID token,
 * as each contract's comment says).
 */
export type EndpointAuth = 'public' | 'bearer';

export interface EndpointContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  E extends EventSchemas = EventSchemas,
> {
  readonly kind: 'endpoint';
  /** The operation's name (unique over every contract). */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path with `:name` parameters, e.g. `/v2/agents/:agentId`; each parameter is a key of `params`. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /** The path parameters (URL-decoded strings). */
  readonly params: P;
  /** The query string as an object of strings (numbers use `z.coerce`). */
  readonly query: Q;
  /** The JSON body (POST, PUT, PATCH, DELETE); GET requests have none. */
  readonly body: B;
  /** The 200 answer: JSON, or for `response: 'file'` the file's bytes (output is then `z.never()`). */
  readonly output: O;
  /** Every non-2xx answer. */
  readonly error: typeof apiErrorBodySchema;
  /** 'json' (default), or 'file' for endpoints that answer with a stored file. */
  readonly response: 'json' | 'file';
  /** Server-Sent Events sent instead of `output` when the request asks to stream (`text/event-stream`). */
  readonly events: E;
}

export interface CallableContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly kind: 'callable';
  /** The callable's name: the exported Cloud Function (`httpsCallable(functions, name)`). */
  readonly name: string;
  readonly input: I;
  readonly output: O;
  /**
   * The `unauthenticated` message when the caller is not signed in (every callable needs a signed-in user).
   * Other refusals are HttpsErrors whose message a user can read: `invalid-argument` (naming the field),
   * `permission-denied`, `not-found`, `failed-precondition`; `internal` never carries details.
   */
  readonly signInMessage: string;
}

export type AnyEndpointContract = EndpointContract<z.ZodType, z.ZodType, z.ZodType, z.ZodType, EventSchemas>;
export type AnyCallableContract = CallableContract<z.ZodType, z.ZodType>;
export type AnyContract = AnyEndpointContract | AnyCallableContract;

export const SIGN_IN_REQUIRED = 'You must be signed in.';

type NoInput = typeof noInputSchema;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "no events" is the empty record
type NoEvents = {};

interface EndpointDefinition<P, Q, B, O, E> {
  kind: 'endpoint';
  name: string;
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  params?: P;
  query?: Q;
  body?: B;
  output: O;
  response?: 'json' | 'file';
  events?: E;
}

interface CallableDefinition<I, O> {
  kind: 'callable';
  name: string;
  input: I;
  output: O;
  signInMessage?: string;
}

/** Fills the defaults: no params/query/body, JSON answers, no events, the shared error body. */
export function defineContract<O extends z.ZodType, P extends z.ZodType = NoInput, Q extends z.ZodType = NoInput, B extends z.ZodType = NoInput, E extends EventSchemas = NoEvents>(
  definition: EndpointDefinition<P, Q, B, O, E>,
): EndpointContract<P, Q, B, O, E>;
export function defineContract<I extends z.ZodType, O extends z.ZodType>(definition: CallableDefinition<I, O>): CallableContract<I, O>;
export function defineContract(
  definition: EndpointDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType, EventSchemas> | CallableDefinition<z.ZodType, z.ZodType>,
): AnyContract {
  if (definition.kind === 'callable') return { signInMessage: SIGN_IN_REQUIRED, ...definition };
  return {
    params: noInputSchema,
    query: noInputSchema,
    body: noInputSchema,
    response: 'json',
    events: {},
    error: apiErrorBodySchema,
    ...definition,
  };
}

/**
 * An endpoint written as it is read: name, method, path and who may call it up front, then its schemas (the same
 * contract `defineContract` makes).
 */
export function endpoint<O extends z.ZodType, P extends z.ZodType = NoInput, Q extends z.ZodType = NoInput, B extends z.ZodType = NoInput, E extends EventSchemas = NoEvents>(
  name: string,
  method: HttpMethod,
  path: string,
  auth: EndpointAuth,
  schemas: Omit<EndpointDefinition<P, Q, B, O, E>, 'kind' | 'name' | 'method' | 'path' | 'auth'>,
): EndpointContract<P, Q, B, O, E> {
  return defineContract<O, P, Q, B, E>({ kind: 'endpoint', name, method, path, auth, ...schemas });
}

/** A callable written as it is read: its name, then its input and output (the same contract `defineContract` makes). */
export function callable<I extends z.ZodType, O extends z.ZodType>(name: string, schemas: Omit<CallableDefinition<I, O>, 'kind' | 'name'>): CallableContract<I, O> {
  return defineContract<I, O>({ kind: 'callable', name, ...schemas });
}

// ---- what a call sends and gets (for typed clients) ----
// Inputs are z.input (what the caller sends; the function fills defaults). Outputs are z.output: what parsing
// the answer with the contract's output schema gives (defaults of fields a stored document lacks filled in);
// the raw JSON is z.input of the output schema, which is what the function must return.

export type EndpointParams<C extends AnyEndpointContract> = z.input<C['params']>;
export type EndpointQuery<C extends AnyEndpointContract> = z.input<C['query']>;
export type EndpointBody<C extends AnyEndpointContract> = z.input<C['body']>;
export type EndpointOutput<C extends AnyEndpointContract> = z.output<C['output']>;
export type EndpointEvent<C extends AnyEndpointContract, K extends keyof C['events']> = z.output<C['events'][K]>;
export type CallableInput<C extends AnyCallableContract> = z.input<C['input']>;
export type CallableOutput<C extends AnyCallableContract> = z.output<C['output']>;

/** The `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/**
 * The URL of a call: the path with its parameters filled in (URL-encoded) and the query string, after `base`
 * (e.g. '' for same-origin Hosting rewrites, or the API's origin). Undefined query values are left out.
 */
export function endpointUrl<C extends AnyEndpointContract>(
  contract: C,
  input: { params?: EndpointParams<C>; query?: EndpointQuery<C> },
  base = '',
): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = contract.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined || value === null || value === '') throw new Error(`${contract.name}: missing path parameter ${segment.slice(1)}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const search = query.toString();
  return `${base.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

// ---- identifiers as they appear in paths and inputs ----

// Firestore reserves ids that start and end with "__": reading one fails, so they are refused as input.
const DOCUMENT_ID = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;

/** An agent id (voiceglow/{agentId}): 1–128 letters, digits, - or _ (new agents get 16 alphanumerics). */
export const agentIdSchema = z.string().regex(DOCUMENT_ID, 'Agent ids are 1 to 128 letters, digits, - or _ (not __…__).');
/** A workspace id (users/{uid}): the owner's uid for a personal workspace, 15 alphanumerics for a team one. */
export const workspaceIdSchema = z.string().regex(DOCUMENT_ID, 'Workspace ids are 1 to 128 letters, digits, - or _ (not __…__).');
/** A knowledge-base document id (voiceglow/{agentId}/kb/{docId}). */
export const kbDocIdSchema = z.string().regex(DOCUMENT_ID, 'Document ids are 1 to 128 letters, digits, - or _ (not __…__).');
