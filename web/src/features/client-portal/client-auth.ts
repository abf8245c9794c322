// The client's sign-in calls (password, e-mailed code, one-time link token, the agency owner's admin link),
// through their contracts, and the session they open.
import { clientsApi, type Region } from '@parley/core';
import { ApiError, callApi } from '../../lib/api';
import { setClientStatus } from './client-session';

export type ClientSession = clientsApi.ClientSession;

/** Signs in with the custom token a login call answered (useClientSignIn). */
export type SignInWithToken = (token: string) => Promise<unknown>;

/**
 * Which agency the page signs in to: the host it is served on (the server resolves the agency from its verified
 * domain) and, when the URL names one (admin and e-mailed links), its id.
 */
export interface LoginTarget {
  host: string;
  agencyId: string;
  region?: Region | undefined;
}

// An unknown agency id is left out (the host names the agency); an empty one would not parse.
const target = (t: LoginTarget) => ({ host: t.host, ...(t.agencyId ? { agencyId: t.agencyId } : {}), ...(t.region ? { region: t.region } : {}) });

export async function loginWithPassword(signIn: SignInWithToken, t: LoginTarget, email: string, password: string): Promise<ClientSession> {
  return open(signIn, await callApi(clientsApi.loginClient, { body: { ...target(t), email, password } }));
}

export async function requestLoginCode(t: LoginTarget, email: string) {
  return callApi(clientsApi.requestClientLoginCode, { body: { ...target(t), email } });
}

export async function loginWithCode(signIn: SignInWithToken, t: LoginTarget, email: string, code: string): Promise<ClientSession> {
  return open(signIn, await callApi(clientsApi.loginClientWithCode, { body: { ...target(t), email, code } }));
}

export async function loginWithLinkToken(signIn: SignInWithToken, t: LoginTarget, token: string): Promise<ClientSession> {
  return open(signIn, await callApi(clientsApi.validateClientLoginToken, { body: { host: t.host, ...(t.agencyId ? { agencyId: t.agencyId } : {}), token } }));
}

/** The agency owner's magic link; any failure answers one sentence (adminSignInFailed), whatever went wrong. */
export async function adminSignIn(signIn: SignInWithToken, t: LoginTarget, secret: string): Promise<{ region: Region }> {
  try {
    const answer = await callApi(clientsApi.agencyAdminSignIn, { params: { agencyId: t.agencyId }, body: { secret, ...(t.region ? { region: t.region } : {}) } });
    await signIn(answer.token);
    return { region: answer.region };
  } catch {
    throw new Error(clientsApi.CLIENTS_MESSAGES.adminSignInFailed);
  }
}

async function open(signIn: SignInWithToken, session: ClientSession): Promise<ClientSession> {
  await signIn(session.token);
  // Signed in = online; the landing does not wait for it.
  void setClientStatus('online').catch(() => undefined);
  return session;
}

/** A refusal that names an e-mail no client has (the page marks the e-mail field invalid). */
export const isEmailNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.message === clientsApi.CLIENTS_MESSAGES.emailNotFound);
