// One Firestore instance per region, made once, for either build of the SDK (lite for one-off reads and writes,
// full for listeners): na → database "(default)", eu → "voiceglow-eu"; on the local stack, the emulator.
import type { FirebaseApp } from 'firebase/app';
import type { Region } from '@parley/core';
import { parleyConfig } from './config';
import { firebaseApp } from './firebase';

export function regionalDatabases<Db>(
  open: (app: FirebaseApp, databaseId?: string) => Db,
  connectEmulator: (db: Db, host: string, port: number) => void,
): (region: Region) => Db {
  // Per app: a deleted app is made again (./firebase.ts), and its databases with it.
  const byApp = new WeakMap<FirebaseApp, Map<Region, Db>>();
  return (region) => {
    const app = firebaseApp();
    let databases = byApp.get(app);
    if (!databases) byApp.set(app, (databases = new Map()));
    let db = databases.get(region);
    if (!db) {
      db = region === 'eu' ? open(app, 'voiceglow-eu') : open(app);
      const emulators = parleyConfig().emulators;
      if (emulators) connectEmulator(db, emulators.firestore.host, emulators.firestore.port);
      databases.set(region, db);
    }
    return db;
  };
}
