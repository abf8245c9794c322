import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DATABASE_IDS, DEFAULT_BUCKET, type Region } from '@parley/core';

function app(): App {
  return getApps()[0] ?? initializeApp();
}

const cache = new Map<Region, Firestore>();

/** The Firestore database of a region (core's DATABASE_IDS; FIRESTORE_EMULATOR_HOST points it at the local emulator). */
export function databaseFor(region: Region): Firestore {
  let db = cache.get(region);
  if (!db) {
    const id = DATABASE_IDS[region];
    db = id === DEFAULT_BUCKET ? getFirestore(app()) : getFirestore(app(), id);
    cache.set(region, db);
  }
  return db;
}
