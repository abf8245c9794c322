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
  const databases = new Map<Region, Db>();
  return (region) => {
    let db = databases.get(region);
    if (!db) {
      db = region === 'eu' ? open(firebaseApp(), 'voiceglow-eu') : open(firebaseApp());
      const emulators = parleyConfig().emulators;
      if (emulators) connectEmulator(db, emulators.firestore.host, emulators.firestore.port);
      databases.set(region, db);
    }
    return db;
  };
}
