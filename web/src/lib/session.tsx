// The signed-in Firebase user, shared by every route. Firebase Auth is loaded on demand: public pages that
// never ask for the session paint without it, and signed-in routes start it as soon as they are matched
// (startSession), before their own code has arrived.
import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { signOutUser } from './auth-actions';

export type Session = { status: 'loading'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: User };

let session: Session = { status: 'loading', user: null };
let started = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads Firebase Auth (once) and follows the signed-in user; the session stays 'loading' until Auth knows. */
export function startSession(): void {
  if (started) return;
  started = true;
  void Promise.all([import('./firebase'), import('firebase/auth')]).then(([{ firebaseAuth }, { onAuthStateChanged }]) => {
    onAuthStateChanged(firebaseAuth(), (user) => {
      session = user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
      for (const listener of listeners) listener();
    });
  });
}

/** The session once Auth knows it (signed in or out). */
export function knownSession(): Promise<Exclude<Session, { status: 'loading' }>> {
  startSession();
  return new Promise((resolve) => {
    const check = () => {
      if (session.status === 'loading') return false;
      unsubscribe();
      resolve(session);
      return true;
    };
    const unsubscribe = subscribe(() => void check());
    check();
  });
}

const FixedSession = createContext<Session | null>(null);

/** The session; public pages that never call this do not download Firebase Auth before they paint. */
export function useSession(): Session {
  const fixed = useContext(FixedSession);
  const live = useSyncExternalStore(subscribe, () => session);
  useEffect(() => {
    if (!fixed) startSession();
  }, [fixed]);
  return fixed ?? live;
}

export async function signOutEverywhere(): Promise<void> {
  localStorage.removeItem('parley.currentWorkspace');
  await signOutUser();
}

const SignOut = createContext<() => Promise<void>>(signOutEverywhere);

/** Signs the user out everywhere (signOutEverywhere, unless a SessionContextProvider stands in for Firebase Auth). */
export function useSignOut(): () => Promise<void> {
  return useContext(SignOut);
}

/** Test seam: render a fixed session, and optionally a sign-out that does not reach Firebase Auth. */
export function SessionContextProvider({ value, signOut, children }: { value: Session; signOut?: () => Promise<void>; children: ReactNode }) {
  const fixed = <FixedSession.Provider value={value}>{children}</FixedSession.Provider>;
  return signOut ? <SignOut.Provider value={signOut}>{fixed}</SignOut.Provider> : fixed;
}
