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
    retryClosedTransactions(db);
    cache.set(region, db);
  }
  return db;
}

/** Attempts of a whole transaction that the database closed under it (the SDK's own retries come within each). */
const CLOSED_TRANSACTION_ATTEMPTS = 5;

/**
 * A transaction the database closed before its commit ("Transaction is invalid or closed", INVALID_ARGUMENT) wrote
 * nothing, and running it again is what it needs, as the SDK does for an aborted one. The SDK does not retry this
 * code, which Google's Firestore emulator answers when several transactions contend for one document (five Add
 * Users at once on one seat count), so a user would be shown a server error for a collision that a retry resolves.
 */
export function isClosedTransaction(error: unknown): boolean {
  const e = error as { code?: unknown; details?: unknown; message?: unknown } | null;
  return e?.code === 3 && /transaction is invalid or closed/i.test(String(e.details ?? e.message ?? ''));
}

function retryClosedTransactions(db: Firestore): void {
  const run = db.runTransaction.bind(db);
  db.runTransaction = (async (update: Parameters<typeof run>[0], options?: Parameters<typeof run>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(update, options);
      } catch (error) {
        if (!isClosedTransaction(error) || attempt >= CLOSED_TRANSACTION_ATTEMPTS) throw error;
        await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30 * attempt));
      }
    }
  }) as Firestore['runTransaction'];
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
