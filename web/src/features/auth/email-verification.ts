// E-mail verification. Membership of a workspace rests on the e-mail address (workspaceEmails), so the rules,
// the functions and the free sign-up credits all wait until the user proved the address is theirs by following
// Firebase's verification link. Firebase Auth is imported on demand, like the sign-in actions.
import type { User } from 'firebase/auth';
import { createContext, useContext } from 'react';
import { knownSession } from '../../lib/session';

async function auth() {
  const [{ firebaseAuth }, sdk] = await Promise.all([import('../../lib/firebase'), import('firebase/auth')]);
  return { auth: firebaseAuth(), sdk };
}

/** A signed-in user with an e-mail nobody proved yet (Google and other providers vouch for theirs). */
export function needsEmailVerification(user: Pick<User, 'email' | 'emailVerified'> | null | undefined): boolean {
  return !!user?.email && !user.emailVerified;
}

/**
 * Sends Firebase's verification e-mail to the signed-in user; its link returns to /app. Locally the Auth
 * emulator keeps the e-mail and the local mailbox shows its link.
 */
export async function sendVerificationEmail(): Promise<void> {
  const { auth: a, sdk } = await auth();
  if (!a.currentUser) return;
  try {
    await sdk.sendEmailVerification(a.currentUser, { url: `${window.location.origin}/app` });
  } catch (error) {
    // A domain Firebase does not list as authorised may not be the link's destination: send it without one.
    if ((error as { code?: unknown }).code !== 'auth/unauthorized-continue-uri') throw error;
    await sdk.sendEmailVerification(a.currentUser);
  }
}

/**
 * Brings the ID token in line with the user's record. Firebase reloads the user when the page starts, so after the
 * link was followed `emailVerified` is true while the token minted before still says email_verified false — and
 * the rules and functions read the token. Costs nothing when the token already agrees (it is read locally).
 */
export async function ensureVerifiedToken(user: Pick<User, 'emailVerified' | 'getIdTokenResult' | 'getIdToken'>): Promise<void> {
  if (!user.emailVerified) return;
  const { claims } = await user.getIdTokenResult();
  if (claims.email_verified !== true) await user.getIdToken(true);
}

/**
 * Asks Firebase whether the address was verified meanwhile (the link may have been opened in another tab or
 * device). When it was, a fresh ID token is fetched: the rules and functions read email_verified from the token.
 */
export async function refreshEmailVerified(): Promise<boolean> {
  const { auth: a } = await auth();
  const user = a.currentUser;
  if (!user) return false;
  await user.reload();
  if (!user.emailVerified) return false;
  await user.getIdToken(true);
  return true;
}

/**
 * For reads a signed-in route starts on its own (the router's prefetch): true once the signed-in user's token
 * carries its verified e-mail (refreshed when it lags), false for an unverified e-mail — the rules would refuse
 * those reads (and a refused workspaces read signs the user out), and the verify screen comes first.
 */
export async function mayReadWorkspaces(): Promise<boolean> {
  const session = await knownSession();
  if (session.status !== 'signed-in' || needsEmailVerification(session.user)) return false;
  await ensureVerifiedToken(session.user).catch(() => undefined);
  return true;
}

/** The verify screen's two calls to Firebase Auth; a provider may stand in for Firebase Auth (tests do). */
export interface EmailVerificationActions {
  refreshEmailVerified(): Promise<boolean>;
  sendVerificationEmail(): Promise<void>;
}

export const EmailVerificationContext = createContext<EmailVerificationActions>({ refreshEmailVerified, sendVerificationEmail });

export function useEmailVerificationActions(): EmailVerificationActions {
  return useContext(EmailVerificationContext);
}
