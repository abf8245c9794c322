// Who is calling. Every function that acts on an agent or a workspace first turns its request into one Caller,
// then asks the access rules (./agent.ts, ./workspace.ts) whether that caller may.
import type { IncomingHttpHeaders } from 'node:http';
import type { CallableRequest } from 'firebase-functions/https';
import { looksLikeIdToken, type IdTokenVerifier, type VerifiedToken } from '../adapters/id-token';
import { bearerToken, HttpError } from '../http/endpoint';

/**
 * - `user`: a signed-in dashboard user — a Firebase ID token (HTTP bearer) or a callable's auth. `role` is the
 *   token's role claim: '' for workspace users; any other value gives access nowhere (firestore.rules'
 *   isWorkspaceUser requires no role). `emailVerified` is the token's email_verified: membership by e-mail
 *   needs it (firestore.rules' isMemberOfData).
 * - `client`: an agency client — a custom token with role 'client' and its clientId (firestore.rules' isClient).
 * - `secret`: a `vg_` secret as HTTP bearer — a workspace's secret or an agent's SECRET_API_KEY; which one (and
 *   whether it counts at all) is decided against the agent or workspace being accessed.
 */
export type Caller =
  | { kind: 'user'; uid: string; email: string | null; emailVerified?: boolean; role: string }
  | { kind: 'client'; uid: string; clientId: string }
  | { kind: 'secret'; secret: string };

/** A caller identified by a token (callables, or an ID token as bearer). */
export type TokenCaller = Extract<Caller, { kind: 'user' | 'client' }>;

export const SIGN_IN_REQUIRED = 'You must be signed in.';
export const MISSING_BEARER = 'Missing bearer token.';
export const INVALID_BEARER = 'Invalid bearer token.';

/** The caller a verified token (or a callable's auth token) describes. */
export function callerOfToken(token: VerifiedToken): TokenCaller {
  const role = typeof token.role === 'string' ? token.role : token.role === undefined || token.role === null ? '' : String(token.role);
  if (role === 'client') return { kind: 'client', uid: token.uid, clientId: typeof token.clientId === 'string' ? token.clientId : '' };
  return { kind: 'user', uid: token.uid, email: typeof token.email === 'string' ? token.email : null, emailVerified: token.emailVerified === true, role };
}

/** The signed-in caller of a callable; 401 (`unauthenticated`) with `message` when nobody is signed in. */
export function callerOf(request: Pick<CallableRequest<unknown>, 'auth'>, message = SIGN_IN_REQUIRED): TokenCaller {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpError(401, message);
  const claims = (request.auth?.token ?? {}) as Record<string, unknown>;
  return callerOfToken({
    uid,
    email: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: claims.email_verified === true,
    role: claims.role,
    clientId: claims.clientId,
  });
}

/** What identifying an HTTP caller needs: the request's headers and the verifier of ID tokens (an endpoint's context has both). */
export interface BearerRequest {
  headers: IncomingHttpHeaders;
  idTokens: IdTokenVerifier;
}

/**
 * The caller behind an HTTP request's bearer: an ID token (verified) or a `vg_` secret (matched later against
 * what is accessed). 401 without a bearer or with an ID token that does not verify.
 */
export async function callerOfBearer({ headers, idTokens }: BearerRequest): Promise<Caller> {
  const token = bearerToken(headers);
  if (!token) throw new HttpError(401, MISSING_BEARER);
  if (!looksLikeIdToken(token)) return { kind: 'secret', secret: token };
  const verified = await idTokens(token);
  if (!verified) throw new HttpError(401, INVALID_BEARER);
  return callerOfToken(verified);
}

/** Like callerOfBearer, but null when the request has no bearer (public endpoints with an optional one). */
export async function optionalCallerOfBearer(request: BearerRequest): Promise<Caller | null> {
  return bearerToken(request.headers) ? callerOfBearer(request) : null;
}
