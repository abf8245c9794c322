// Firebase ID tokens as bearer (the dashboard's signed-in user). Verified by firebase-admin; the Auth
// emulator's tokens are accepted when FIREBASE_AUTH_EMULATOR_HOST is set (as under the Functions emulator).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { WorkspaceCaller } from '@parley/core';

/** The verified token's uid, e-mail and role claim (for core's workspaceRole), or null. */
export type IdTokenVerifier = (token: string) => Promise<WorkspaceCaller | null>;

/** Workspace and agent secrets start with vg_; an ID token is a three-part JWT. */
export function looksLikeIdToken(token: string): boolean {
  return !token.startsWith('vg_') && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

const firebaseVerifier: IdTokenVerifier = async (token) => {
  try {
    const decoded = await getAuth(getApps()[0] ?? initializeApp()).verifyIdToken(token);
    return { uid: decoded.uid, email: typeof decoded.email === 'string' ? decoded.email : null, role: decoded.role };
  } catch {
    return null;
  }
};

let verifier: IdTokenVerifier = firebaseVerifier;
/** Tests swap the verifier (no Auth emulator in unit tests). */
export function setIdTokenVerifier(next: IdTokenVerifier | null): void {
  verifier = next ?? firebaseVerifier;
}

export const verifyIdToken = (token: string) => verifier(token);
