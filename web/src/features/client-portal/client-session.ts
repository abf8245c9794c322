// The client's Firebase session: signing in with the custom token the login callables mint, reading the claims
// the rules trust (role, clientId, orgId, agencyId), the online/offline status on the client record, and
// signing out (status offline, local data cleared, back to the login at /).
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { clientsApi, STORAGE_KEYS } from '@parley/core';
import { callFunction } from '../../lib/functions';

export interface ClientClaims {
  uid: string;
  role: string;
  clientId: string;
  orgId: string;
  agencyId: string;
  /** An agency-admin session (the agency owner's magic link): role 'agencyAdmin'. */
  admin: boolean;
}

async function auth() {
  const [{ firebaseAuth }, sdk] = await Promise.all([import('../../lib/firebase'), import('firebase/auth')]);
  return { auth: firebaseAuth(), sdk };
}

/** Signs in with a custom token; answers the token's claims. */
export async function signInWithClientToken(token: string): Promise<ClientClaims> {
  const { auth: a, sdk } = await auth();
  const credential = await sdk.signInWithCustomToken(a, token);
  const result = await credential.user.getIdTokenResult();
  return claimsOf(credential.user.uid, result.claims);
}

/** How the login page signs in with a custom token: signInWithClientToken, unless a provider stands in for Firebase Auth (tests do). */
export const ClientSignInContext = createContext<(token: string) => Promise<unknown>>(signInWithClientToken);

export function useClientSignIn(): (token: string) => Promise<unknown> {
  return useContext(ClientSignInContext);
}

export function claimsOf(uid: string, claims: Record<string, unknown>): ClientClaims {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  return {
    uid,
    role: text('role'),
    clientId: text('clientId'),
    orgId: text('orgId'),
    agencyId: text('agencyId'),
    admin: text('role') === 'agencyAdmin',
  };
}

/** Writes the signed-in client's status to its record. */
export async function setClientStatus(status: 'online' | 'offline'): Promise<void> {
  await callFunction(clientsApi.setClientStatus, { status });
}

/** Status offline, local data cleared, signed out; the caller then goes to `/`. */
export async function signOutClient(opts: { isClient: boolean; queryClient: QueryClient }): Promise<void> {
  if (opts.isClient) await setClientStatus('offline').catch(() => undefined);
  const { auth: a, sdk } = await auth();
  await sdk.signOut(a);
  opts.queryClient.clear();
  localStorage.removeItem(STORAGE_KEYS.selectedWidgetId);
  localStorage.removeItem(CLIENT_ORG_KEY);
}

/** The org chosen in the org switcher (a user with several orgs). */
export const CLIENT_ORG_KEY = 'parley.clientOrg';
