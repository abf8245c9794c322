import type { AnyCallableContract } from '@parley/core';
import { HttpsError, onCall, type CallableFunction, type CallableRequest, type FunctionsErrorCode } from 'firebase-functions/https';
import type { SecretParam } from 'firebase-functions/params';
import type { z } from 'zod';
import type { IdTokenVerifier } from '../adapters/id-token';
import { StoredDataError } from '../adapters/stored-data';
import { HttpError, type Immutable } from '../http/endpoint';
import { zodMessage } from '../adapters/input-errors';

/** What a callable's handler may return: its contract's output, read-only at every depth (see Immutable). */
export type CallableReply<C extends AnyCallableContract> = Immutable<z.input<C['output']>>;

/** A callable's handler: the contract's parsed input in, the contract's output out. */
export type CallableHandler<C extends AnyCallableContract> = (input: z.output<C['input']>, request: CallableRequest<unknown>) => Promise<CallableReply<C>>;

const CODE_FOR_STATUS: Record<number, FunctionsErrorCode> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  402: 'resource-exhausted',
  403: 'permission-denied',
  404: 'not-found',
  409: 'already-exists',
  412: 'failed-precondition',
  413: 'invalid-argument',
  429: 'resource-exhausted',
  501: 'unimplemented',
  502: 'unavailable',
  503: 'unavailable',
};

const INTERNAL = 'Something went wrong on our side. Please try again.';

/** Any failure as the HttpsError the client sees; our own failures are logged and answered without details. */
function toHttpsError(name: string, error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  // The shared access rules and HTTP-minded helpers throw HttpError: same message, the matching code.
  if (error instanceof HttpError) return new HttpsError(CODE_FOR_STATUS[error.status] ?? (error.status < 500 ? 'failed-precondition' : 'internal'), error.message);
  if (error instanceof StoredDataError) console.error(`[callable] ${name}: ${error.message}`);
  else console.error(`[callable] ${name} failed:`, error instanceof Error ? error.message : 'unknown error');
  return new HttpsError('internal', INTERNAL);
}

/** What every callable is served with, from the composition (index.ts), as endpoints are (createApiHandler). */
export interface CallableDeps {
  /** Verifies ID tokens (the composition's: Firebase Auth in production, with the revocation check for agency admins). */
  idTokens: IdTokenVerifier;
}

/**
 * Runs a callable: `unauthenticated` (the contract's sign-in message) without a signed-in user, the input parsed
 * with the contract (`invalid-argument` naming the field), then the handler. Only input parsing answers
 * `invalid-argument`; a stored document that does not fit its schema is logged with its path and answers
 * `internal`, like every other failure of ours.
 */
export function runCallable<C extends AnyCallableContract, const R extends CallableReply<C>>(
  contract: C,
  // R (a `const` type parameter) keeps the literals of the handler's answer so they are checked against the contract.
  handler: (input: z.output<C['input']>, request: CallableRequest<unknown>) => Promise<R>,
  deps: CallableDeps,
) {
  return async (request: CallableRequest<unknown>): Promise<R> => {
    if (!request.auth?.uid) throw new HttpsError('unauthenticated', contract.signInMessage);
    // Firebase checks a callable's token but not whether it was revoked: agency-admin sessions (which end when
    // the agency secret is regenerated) are verified again by the composition's verifier, which checks revocation
    // for that role.
    if (request.auth.token?.role === 'agencyAdmin' && !(await deps.idTokens(request.auth.rawToken ?? ''))) {
      throw new HttpsError('unauthenticated', contract.signInMessage);
    }
    const parsed = contract.input.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', zodMessage(parsed.error));
    try {
      return await handler(parsed.data as z.output<C['input']>, request);
    } catch (error) {
      throw toHttpsError(contract.name, error);
    }
  };
}

export interface CallableOptions {
  /** Secrets the handler reads (defineSecret): bound to the function, or production runs it without them. */
  secrets?: SecretParam[];
}

/** A callable as its feature declares it; index.ts serves it with the composition's dependencies (serveCallables). */
export interface CallableDefinition<C extends AnyCallableContract = AnyCallableContract, R extends CallableReply<C> = CallableReply<C>> {
  contract: C;
  handler: (input: z.output<C['input']>, request: CallableRequest<unknown>) => Promise<R>;
  options: CallableOptions;
}

/** One file per callable: its handler and `defineCallable(contract, handler, { secrets })`. */
export function defineCallable<C extends AnyCallableContract, const R extends CallableReply<C>>(
  contract: C,
  handler: (input: z.output<C['input']>, request: CallableRequest<unknown>) => Promise<R>,
  options: CallableOptions = {},
): CallableDefinition<C, R> {
  return { contract, handler, options };
}

/** The Firebase callable function of a definition. */
export function serveCallable<C extends AnyCallableContract, R extends CallableReply<C>>(definition: CallableDefinition<C, R>, deps: CallableDeps): CallableFunction<unknown, Promise<R>> {
  const { contract, handler, options } = definition;
  return onCall({ cors: true, ...(options.secrets?.length ? { secrets: options.secrets } : {}) }, runCallable(contract, handler, deps));
}

// Definitions of any contract: only their contract ties input and output together.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = CallableDefinition<any, any>;

/** Every definition of `definitions` served under its name (index.ts exports them as the deployed callables). */
export function serveCallables<const D extends Record<string, AnyDefinition>>(
  deps: CallableDeps,
  definitions: D,
): { [K in keyof D]: CallableFunction<unknown, Promise<unknown>> } {
  return Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [name, serveCallable(definition, deps)])) as never;
}

