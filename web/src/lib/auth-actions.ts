// Sign-in actions. Firebase Auth is imported on demand so public pages and /login paint before it loads.
import { createContext, useContext } from 'react';

const authModules = () => Promise.all([import('./firebase'), import('firebase/auth')]);

async function auth() {
  const [{ firebaseAuth }, sdk] = await authModules();
  return { auth: firebaseAuth(), sdk };
}

/**
 * Starts downloading what signing in needs once the visitor turns to the form (focus), so the click on Sign in does
 * not wait for it, while a cold load of /login never downloads it.
 */
export function warmUpSignIn(): void {
  authModules().catch(() => undefined);
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.signInWithEmailAndPassword(a, email, password);
}

export async function signUpWithEmail(email: string, password: string): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.createUserWithEmailAndPassword(a, email, password);
}

/** Google sign-in: the Auth emulator's Google flow locally, real Google in production. */
export async function signInWithGoogle(): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.signInWithPopup(a, new sdk.GoogleAuthProvider());
}

export async function signOutUser(): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.signOut(a);
}

/** The actions the sign-in form calls; a provider may stand in for Firebase Auth (tests do). */
export interface AuthActions {
  signInWithEmail(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  warmUpSignIn(): void;
}

export const AuthActionsContext = createContext<AuthActions>({ signInWithEmail, signInWithGoogle, warmUpSignIn });

export function useAuthActions(): AuthActions {
  return useContext(AuthActionsContext);
}
