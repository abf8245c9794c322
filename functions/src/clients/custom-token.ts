// Firebase custom tokens for client sessions and the agency admin link. firebase-admin signs them with the
// function's service account (it needs iam.serviceAccounts.signBlob in production); with
// FIREBASE_AUTH_EMULATOR_HOST set it makes the Auth emulator's unsigned tokens.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export async function mintCustomToken(uid: string, claims: Record<string, unknown>): Promise<string> {
  return getAuth(getApps()[0] ?? initializeApp()).createCustomToken(uid, claims);
}

/** The uid a client signs in with (the rules read only the claims). */
export const clientUid = (clientId: string): string => `client-${clientId}`;
