// voiceLines/{ownerID}: the workspace's calls in progress, `calls: { [key]: startedAt }`, counted against its plan's
// maxConcurrentCalls (plan plus call-line add-ons, core's concurrentCallLimit), so every instance sees the same count.
// A line is taken by a write that holds only if the document is still as it was read (its update time, or its absence
// for the first line): two calls starting at once never both take the last line, and neither waits on the other's
// lock — the one whose write lost reads again and decides again (a transaction would have both hold a read lock on the
// one document and wait on each other). A call releases its line at its end (status-update ended, end-of-call report);
// a line held longer than any call may last (the provider ends a call at its maximum duration) is a call whose end
// never came, and is let go by the next acquisition.
import { concurrentCallLimit, paths, voicePaths } from '@parley/core';
import { FieldValue, type Firestore, type Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { MAX_CALL_SECONDS } from '../assistant';

/** After this a held line is stale: the longest call, and a margin for its end-of-call report to arrive. */
export const STALE_LINE_MS = (MAX_CALL_SECONDS + 300) * 1000;

/** How often a line's write is tried again after another instance changed the lines first. */
const LINE_ATTEMPTS = 30;

export interface Acquired {
  ok: boolean;
  /** The workspace's limit. */
  limit: number;
  /** Lines let go because their call's end never came (their calls are read back by the caller). */
  stale: string[];
}

/** The workspace's lines as read: the calls holding one, and the version a write of them must still find. */
export interface Lines {
  ownerID: string;
  held: Record<string, number>;
  /** The document's update time (null: it does not exist yet). */
  version: Timestamp | null;
}

export async function readLines(db: Firestore, ownerID: string): Promise<Lines> {
  const snap = await db.doc(voicePaths.voiceLines(ownerID)).get();
  return { ownerID, held: (snap.get('calls') as Record<string, number> | undefined) ?? {}, version: snap.exists ? (snap.updateTime ?? null) : null };
}

/** The workspace's maxConcurrentCalls. */
export async function lineLimit(db: Firestore, ownerID: string): Promise<number> {
  return concurrentCallLimit((await db.doc(paths.user(ownerID)).get()).data());
}

/** Writes `held` in `batch`, to hold only if the lines are still the version read. */
function writeLines(batch: WriteBatch, db: Firestore, lines: Lines, held: Record<string, number>, now: number): void {
  const ref = db.doc(voicePaths.voiceLines(lines.ownerID));
  if (lines.version) batch.update(ref, { calls: held, updatedAt: now }, { lastUpdateTime: lines.version });
  else batch.create(ref, { calls: held, updatedAt: now });
}

/** Takes a line for `key` in `batch` (stale lines are let go either way); the batch holds only on these lines. */
export function takeLine(batch: WriteBatch, db: Firestore, lines: Lines, limit: number, key: string, now: number): Acquired {
  const held = { ...lines.held };
  const stale = Object.keys(held).filter((k) => now - (held[k] ?? 0) > STALE_LINE_MS);
  for (const k of stale) delete held[k];
  const ok = key in held || Object.keys(held).length < limit;
  if (ok) held[key] = held[key] ?? now;
  if (ok || stale.length > 0) writeLines(batch, db, lines, held, now);
  return { ok, limit, stale };
}

/** Another write came first (the lines changed since read, or the document appeared): read again and decide again. */
export const lostTheRace = (error: unknown): boolean => [6, 9, 10].includes((error as { code?: number }).code ?? -1);

/** A short random pause, longer with each lost race, so the writers that lost do not meet again at once. */
export const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 * attempt, 50)));

/**
 * Reads the lines, lets `decide` add its writes (the lines' among them) to one batch, and commits it; when another
 * instance wrote the lines first, does it all again. Answers `decide`'s answer of the write that held.
 */
export async function withLines<T>(db: Firestore, ownerID: string, decide: (lines: Lines, batch: WriteBatch) => T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const batch = db.batch();
    const answer = decide(await readLines(db, ownerID), batch);
    try {
      await batch.commit();
      return answer;
    } catch (error) {
      if (!lostTheRace(error) || attempt >= LINE_ATTEMPTS) throw error;
      await backOff(attempt);
    }
  }
}

export async function acquireLine(db: Firestore, ownerID: string, key: string, now: number): Promise<Acquired> {
  const limit = await lineLimit(db, ownerID);
  return withLines(db, ownerID, (lines, batch) => takeLine(batch, db, lines, limit, key, now));
}

/** Gives the line back (nothing when it was not held). */
export async function releaseLine(db: Firestore, ownerID: string, key: string, now: number): Promise<void> {
  await db.doc(voicePaths.voiceLines(ownerID)).set({ calls: { [key]: FieldValue.delete() }, updatedAt: now }, { merge: true });
}

/** The line held under a provisional key moves to the provider's call id once the call exists. */
export async function moveLine(db: Firestore, ownerID: string, from: string, to: string, now: number): Promise<void> {
  await withLines(db, ownerID, (lines, batch) => {
    const { [from]: since, ...held } = lines.held;
    writeLines(batch, db, lines, { ...held, [to]: since ?? now }, now);
  });
}

/** Calls in progress for the workspace. */
export async function callsInProgress(db: Firestore, ownerID: string): Promise<number> {
  return Object.keys(((await db.doc(voicePaths.voiceLines(ownerID)).get()).get('calls') as Record<string, number> | undefined) ?? {}).length;
}
