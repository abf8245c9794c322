// reactfire's providers for the signed-in app: the Firebase app, Auth and one region's Firestore (full SDK, for
// realtime listeners). The shell knows who signed in already (./session.tsx), so it needs no Auth provider.
// The full SDK is several times the size of the lite build, so only lazily loaded signed-in chunks (the shell, /app,
// onboarding, the client dashboard) import this module: /login never downloads it.
// Plain one-off reads and writes stay on firebase/firestore/lite (./firestore.ts).
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import type { ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import type { Region } from '@parley/core';
import { firebaseApp, firebaseAuth } from './firebase';
import { regionalDatabases } from './regional-databases';

const databases = new Map<Region, Firestore>();
const openDb = regionalDatabases(getFirestore, connectFirestoreEmulator);

/** The region's database for listeners: na → "(default)", eu → "voiceglow-eu". */
export function liveDb(region: Region): Firestore {
  const db = openDb(region);
  databases.set(region, db);
  return db;
}

/** The region a listener database belongs to (reactfire's cache keys need it, see ./live-data.ts). */
export function regionOf(db: Firestore): Region {
  for (const [region, found] of databases) if (found === db) return region;
  throw new Error('Not a database made by liveDb');
}

/** The app and the region's Firestore for reactfire's data hooks below it (the signed-in shell's live views). */
export function LiveFirestore({ region, children }: { region: Region; children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp()}>
      <FirestoreProvider sdk={liveDb(region)}>{children}</FirestoreProvider>
    </FirebaseAppProvider>
  );
}

/** As LiveFirestore, with Auth for useSigninCheck (the pages that decide where a signed-in user goes). */
export function LiveFirebase({ region, children }: { region: Region; children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp()}>
      <AuthProvider sdk={firebaseAuth()}>
        <FirestoreProvider sdk={liveDb(region)}>{children}</FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
