// The two regional Firestore databases, through the lite (REST) build.
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { parleyConfig } from './config';
import { firebaseApp } from './firebase';
import type { Region } from '@parley/core';

const databases = new Map<Region, Firestore>();

/** na → database "(default)", eu → "voiceglow-eu". */
export function db(region: Region): Firestore {
  let found = databases.get(region);
  if (!found) {
    found = region === 'eu' ? getFirestore(firebaseApp(), 'voiceglow-eu') : getFirestore(firebaseApp());
    const emulators = parleyConfig().emulators;
    if (emulators) connectFirestoreEmulator(found, emulators.firestore.host, emulators.firestore.port);
    databases.set(region, found);
  }
  return found;
}
