// The Firebase app and Auth (session kept across reloads). Firestore and callables live in their own
// modules so pages that only sign in do not download them.
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, browserPopupRedirectResolver, connectAuthEmulator, initializeAuth, type Auth } from 'firebase/auth';
import { parleyConfig } from './config';

let app: FirebaseApp | undefined;
let auth: Auth | undefined;

export function firebaseApp(): FirebaseApp {
  app ??= initializeApp(parleyConfig().firebase);
  return app;
}

/** Auth with the session kept across reloads (browserLocalPersistence). */
export function firebaseAuth(): Auth {
  if (!auth) {
    auth = initializeAuth(firebaseApp(), {
      persistence: browserLocalPersistence,
      popupRedirectResolver: browserPopupRedirectResolver,
    });
    const emulators = parleyConfig().emulators;
    if (emulators) connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
  }
  return auth;
}
