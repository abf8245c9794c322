// The Firebase app and Auth (session kept across reloads). Firestore and callables live in their own
// modules so pages that only sign in do not download them.
import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, browserPopupRedirectResolver, connectAuthEmulator, initializeAuth, type Auth } from 'firebase/auth';
import { parleyConfig } from './config';

const DEFAULT_APP = '[DEFAULT]';
let auth: Auth | undefined;

// The default app, made on first use. Once deleted (deleteApp) it is made again from the current configuration, and
// so is everything made from it (Auth here, Firestore in ./regional-databases.ts): tests that share one module graph
// give each file its own emulator project this way (web/src/test/emulator.ts).
export function firebaseApp(): FirebaseApp {
  return getApps().find((app) => app.name === DEFAULT_APP) ?? initializeApp(parleyConfig().firebase);
}

/** Auth with the session kept across reloads (browserLocalPersistence). */
export function firebaseAuth(): Auth {
  const app = firebaseApp();
  if (auth?.app !== app) {
    auth = initializeAuth(app, {
      persistence: browserLocalPersistence,
      popupRedirectResolver: browserPopupRedirectResolver,
    });
    const emulators = parleyConfig().emulators;
    if (emulators) connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
  }
  return auth;
}
