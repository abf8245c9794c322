// The signed-in Firebase user, shared by every route. Firebase Auth loads after the first paint.
import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { signOutUser } from './auth-actions';

export type Session = { status: 'loading'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: User };

interface SessionState {
  session: Session;
  /** Starts listening to Firebase Auth (loads the SDK) the first time a page asks for the session. */
  start(): void;
}

const SessionContext = createContext<SessionState>({ session: { status: 'loading', user: null }, start: () => undefined });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'loading', user: null });
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import('./firebase'), import('firebase/auth')]).then(([{ firebaseAuth }, { onAuthStateChanged }]) => {
      if (cancelled) return;
      unsubscribe = onAuthStateChanged(firebaseAuth(), (user) => setSession(user ? { status: 'signed-in', user } : { status: 'signed-out', user: null }));
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [wanted]);
  const value = useMemo(() => ({ session, start: () => setWanted(true) }), [session]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session; public pages that never call this do not download Firebase Auth before they paint. */
export function useSession(): Session {
  const { session, start } = useContext(SessionContext);
  useEffect(() => start(), [start]);
  return session;
}

/** Test seam: render a fixed session. */
export function SessionContextProvider({ value, children }: { value: Session; children: ReactNode }) {
  const state = useMemo(() => ({ session: value, start: () => undefined }), [value]);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export async function signOutEverywhere(): Promise<void> {
  localStorage.removeItem('parley.currentWorkspace');
  await signOutUser();
}
