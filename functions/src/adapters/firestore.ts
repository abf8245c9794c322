import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type DocumentData, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
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

/**
 * One document write described as data, so a module can hand writes to another that commits them in its own batch
 * (a conversation's message committed with its credit reservation) without handing over the batch.
 */
export interface DocumentWrite {
  path: string;
  data: DocumentData;
  /** Merged into the document (set with merge), rather than replacing it. */
  merge?: boolean;
}

export function stageWrite(batch: WriteBatch, db: Firestore, write: DocumentWrite): void {
  if (write.merge) batch.set(db.doc(write.path), write.data, { merge: true });
  else batch.set(db.doc(write.path), write.data);
}

export async function commitWrites(db: Firestore, writes: readonly DocumentWrite[]): Promise<void> {
  const batch = db.batch();
  for (const write of writes) stageWrite(batch, db, write);
  await batch.commit();
}
