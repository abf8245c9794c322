// voiceLines/{ownerID}: the workspace's calls in progress, `calls: { [key]: startedAt }`, counted against its plan's
// maxConcurrentCalls (plan plus call-line add-ons, core's concurrentCallLimit) in one transaction, so every instance
// sees the same count. A call releases its line at its end (status-update ended, end-of-call report); a line held
// longer than any call may last (the provider ends a call at its maximum duration) is a call whose end never came,
// and is let go by the next acquisition.
import { concurrentCallLimit, paths, voicePaths } from '@parley/core';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { MAX_CALL_SECONDS } from '../assistant';

/** After this a held line is stale: the longest call, and a margin for its end-of-call report to arrive. */
export const STALE_LINE_MS = (MAX_CALL_SECONDS + 300) * 1000;

export interface Acquired {
  ok: boolean;
  /** The workspace's limit. */
  limit: number;
  /** Lines let go because their call's end never came (their calls are read back by the caller). */
  stale: string[];
}

/** The workspace's lines as read in a transaction: the calls holding one and its limit. */
export interface Lines {
  held: Record<string, number>;
  limit: number;
}

export async function readLines(tx: Transaction, db: Firestore, ownerID: string): Promise<Lines> {
  const [lines, workspace] = await Promise.all([tx.get(db.doc(voicePaths.voiceLines(ownerID))), tx.get(db.doc(paths.user(ownerID)))]);
  return { held: (lines.get('calls') as Record<string, number> | undefined) ?? {}, limit: concurrentCallLimit(workspace.data()) };
}

/** Takes a line for `key` in the transaction that read `lines` (stale lines are let go either way). */
export function takeLine(tx: Transaction, db: Firestore, ownerID: string, lines: Lines, key: string, now: number): Acquired {
  const held = { ...lines.held };
  const stale = Object.keys(held).filter((k) => now - (held[k] ?? 0) > STALE_LINE_MS);
  for (const k of stale) delete held[k];
  const ok = key in held || Object.keys(held).length < lines.limit;
  if (ok) held[key] = held[key] ?? now;
  if (ok || stale.length > 0) tx.set(db.doc(voicePaths.voiceLines(ownerID)), { calls: held, updatedAt: now });
  return { ok, limit: lines.limit, stale };
}

export async function acquireLine(db: Firestore, ownerID: string, key: string, now: number): Promise<Acquired> {
  return db.runTransaction(async (tx) => takeLine(tx, db, ownerID, await readLines(tx, db, ownerID), key, now));
}

/** Gives the line back (nothing when it was not held). */
export async function releaseLine(db: Firestore, ownerID: string, key: string, now: number): Promise<void> {
  await db.doc(voicePaths.voiceLines(ownerID)).set({ calls: { [key]: FieldValue.delete() }, updatedAt: now }, { merge: true });
}

/** The line held under a provisional key moves to the provider's call id once the call exists. */
export async function moveLine(db: Firestore, ownerID: string, from: string, to: string, now: number): Promise<void> {
  const ref = db.doc(voicePaths.voiceLines(ownerID));
  await db.runTransaction(async (tx) => {
    const held = ((await tx.get(ref)).get('calls') as Record<string, number> | undefined) ?? {};
    tx.set(ref, { calls: { [from]: FieldValue.delete(), [to]: held[from] ?? now }, updatedAt: now }, { merge: true });
  });
}

/** Calls in progress for the workspace. */
export async function callsInProgress(db: Firestore, ownerID: string): Promise<number> {
  return Object.keys(((await db.doc(voicePaths.voiceLines(ownerID)).get()).get('calls') as Record<string, number> | undefined) ?? {}).length;
}
