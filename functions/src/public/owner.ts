// Verifies that a request comes from the agent's owner (Firebase ID token as bearer): the test
// debugger may then try unsaved draft settings.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { IncomingHttpHeaders } from 'node:http';
import { bearerToken } from '../http/endpoint';

export type TokenVerifier = (token: string) => Promise<string | null>;

export const firebaseTokenVerifier: TokenVerifier = async (token) => {
  try {
    const app = getApps()[0] ?? initializeApp();
    return (await getAuth(app).verifyIdToken(token)).uid;
  } catch {
    return null;
  }
};

let verifier: TokenVerifier = firebaseTokenVerifier;
/** Tests swap the verifier; production uses Firebase Auth. */
export function setTokenVerifier(next: TokenVerifier): void {
  verifier = next;
}

export async function callerUid(headers: IncomingHttpHeaders): Promise<string | null> {
  const token = bearerToken(headers);
  return token ? verifier(token) : null;
}
