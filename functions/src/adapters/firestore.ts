import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export type Region = 'eu' | 'na';

/** na uses the (default) database, eu uses voiceglow-eu. */
export const DATABASE_FOR_REGION: Record<Region, string> = { na: '(default)', eu: 'voiceglow-eu' };

function app(): App {
  return getApps()[0] ?? initializeApp();
}

const cache = new Map<Region, Firestore>();

/** The Firestore database of a region (FIRESTORE_EMULATOR_HOST points it at the local emulator). */
export function databaseFor(region: Region): Firestore {
  let db = cache.get(region);
  if (!db) {
    const id = DATABASE_FOR_REGION[region];
    db = id === '(default)' ? getFirestore(app()) : getFirestore(app(), id);
    cache.set(region, db);
  }
  return db;
}

export const REGIONS: Region[] = ['na', 'eu'];
