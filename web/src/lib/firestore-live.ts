// Realtime reads (onSnapshot) through the full Firestore SDK. It is several times the size of the lite
// build, so it is imported on first use: only pages with a live view download it, never /login.
// Plain one-off reads and writes stay on firebase/firestore/lite (./firestore.ts).
import type * as FullSdk from 'firebase/firestore';
import { parleyConfig } from './config';
import { firebaseApp } from './firebase';
import type { Region } from '@parley/core';

export type FirestoreSdk = typeof FullSdk;
export type LiveFirestore = { sdk: FirestoreSdk; db: FullSdk.Firestore };

/** Delivers values until the returned function is called; errors end the subscription. */
export type LiveSource<T> = (next: (value: T) => void, fail: (error: Error) => void) => () => void;

let loading: Promise<FirestoreSdk> | undefined;
const databases = new Map<Region, FullSdk.Firestore>();

function loadSdk(): Promise<FirestoreSdk> {
  loading ??= import('firebase/firestore').catch((error: unknown) => {
    // A failed chunk download (offline, new deploy) may succeed on the next attempt.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The full SDK and the region's database: na → "(default)", eu → "voiceglow-eu". */
export async function liveFirestore(region: Region): Promise<LiveFirestore> {
  const sdk = await loadSdk();
  let db = databases.get(region);
  if (!db) {
    db = region === 'eu' ? sdk.getFirestore(firebaseApp(), 'voiceglow-eu') : sdk.getFirestore(firebaseApp());
    const emulators = parleyConfig().emulators;
    if (emulators) sdk.connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port);
    databases.set(region, db);
  }
  return { sdk, db };
}

/**
 * Live results of a query: `build` makes the query (it gets the SDK, so callers need no static import
 * of it), `map` turns each snapshot into the value cached for the UI.
 */
export function querySnapshots<T>(region: Region, build: (fs: LiveFirestore) => FullSdk.Query, map: (snapshot: FullSdk.QuerySnapshot) => T): LiveSource<T> {
  return listen(region, (fs, next, fail) => fs.sdk.onSnapshot(build(fs), (snapshot) => next(map(snapshot)), fail));
}

/** Live state of one document (`map` sees a snapshot that may not exist). */
export function docSnapshots<T>(region: Region, build: (fs: LiveFirestore) => FullSdk.DocumentReference, map: (snapshot: FullSdk.DocumentSnapshot) => T): LiveSource<T> {
  return listen(region, (fs, next, fail) => fs.sdk.onSnapshot(build(fs), (snapshot) => next(map(snapshot)), fail));
}

/** Loads the SDK, then subscribes; stopping before the SDK has loaded never subscribes at all. */
function listen<T>(region: Region, subscribe: (fs: LiveFirestore, next: (value: T) => void, fail: (error: Error) => void) => () => void): LiveSource<T> {
  return (next, fail) => {
    let stop: (() => void) | undefined;
    let stopped = false;
    liveFirestore(region).then(
      (fs) => {
        if (stopped) return;
        try {
          stop = subscribe(fs, next, fail);
        } catch (error) {
          // An invalid query (e.g. a bad path) throws at build time rather than in the listener.
          fail(error as Error);
        }
      },
      (error: Error) => {
        if (!stopped) fail(error);
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  };
}
