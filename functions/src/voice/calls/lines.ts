// voiceLines/{ownerID}: the workspace's calls in progress, `calls: { [key]: startedAt }`, counted against its plan's
// maxConcurrentCalls (plan plus call-line add-ons, core's concurrentCallLimit) in one transaction, so every instance
// sees the same count. A call releases its line at its end (status-update ended, end-of-call report); a line held
// longer than any call may last (the provider ends a call at its maximum duration) is a call whose end never came,
// and is let go by the next acquisition.
import { concurrentCallLimit, paths, voicePaths } from '@parley/core';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
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

export async function acquireLine(db: Firestore, ownerID: string, key: string, now: number): Promise<Acquired> {
  const ref = db.doc(voicePaths.voiceLines(ownerID));
  return db.runTransaction(async (tx) => {
    const [lines, workspace] = await Promise.all([tx.get(ref), tx.get(db.doc(paths.user(ownerID)))]);
    const held = { ...((lines.get('calls') as Record<string, number> | undefined) ?? {}) };
    const stale = Object.keys(held).filter((k) => now - (held[k] ?? 0) > STALE_LINE_MS);
    for (const k of stale) delete held[k];
    const limit = concurrentCallLimit(workspace.data());
    const ok = key in held || Object.keys(held).length < limit;
    if (ok) held[key] = held[key] ?? now;
    if (ok || stale.length > 0) tx.set(ref, { calls: held, updatedAt: now });
    return { ok, limit, stale };
  });
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
