// Firebase ID tokens as bearer (the dashboard's signed-in user). Verified by firebase-admin; the Auth
// emulator's tokens are accepted when FIREBASE_AUTH_EMULATOR_HOST is set (as under the Functions emulator).
// Agency-admin tokens (role 'agencyAdmin') are verified with the revocation check as well.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** What a verified token says: uid, e-mail (and whether it is verified) and the claims the rules read (role, clientId). */
export interface VerifiedToken {
  uid: string;
  email?: string | null;
  /** The token's email_verified claim. */
  emailVerified?: boolean;
  role?: unknown;
  clientId?: unknown;
}

/** The verified token's identity, or null when it does not verify. */
export type IdTokenVerifier = (token: string) => Promise<VerifiedToken | null>;

/** Workspace and agent secrets start with vg_; an ID token is a three-part JWT. */
export function looksLikeIdToken(token: string): boolean {
  return !token.startsWith('vg_') && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/** The role of the agency-admin sessions (the magic link): their tokens are honoured only while not revoked. */
const REVOCABLE_ROLE = 'agencyAdmin';

/** The production verifier (firebase-admin's Auth; the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set). */
export const firebaseIdTokens: IdTokenVerifier = async (token) => {
  try {
    const auth = getAuth(getApps()[0] ?? initializeApp());
    let decoded = await auth.verifyIdToken(token);
    // Regenerating the agency secret revokes its admin sessions: their tokens are checked against Auth (revoked,
    // or the user deleted) on every request, at the cost of one Auth lookup for this role only.
    if (decoded.role === REVOCABLE_ROLE) decoded = await auth.verifyIdToken(token, true);
    return {
      uid: decoded.uid,
      email: typeof decoded.email === 'string' ? decoded.email : null,
      emailVerified: decoded.email_verified === true,
      role: decoded.role,
      clientId: decoded.clientId,
    };
  } catch {
    return null;
  }
};

/** Verifies no token: a server that signs nobody in (tests without ID tokens). */
export const noIdTokens: IdTokenVerifier = async () => null;
