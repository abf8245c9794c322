// Credits: reserved before paid work starts (an LLM answer, an AI CSS reply, knowledge-base embeddings), settled
// with what the work really cost once it is done, released when it failed.
//
// The reservation is a transaction that reads the workspace's balance (users/{ownerID}.loadTokens) and takes the
// most the work is expected to cost from it, or whatever is left when that is less. So however many requests arrive
// at once, each one answered was paid for from a positive balance, and the balance never goes below zero: with 1
// credit left, one answer goes through and every other request is refused (402) before the model is called.
// Settling gives back what was reserved and not used; when the work cost more than was reserved (the estimate
// fell short, or only the rest of the balance could be reserved) it takes the difference, but never more than the
// balance still holds.
import { paths, USAGE_MESSAGES, type CreditUsageLog } from '@parley/core';
import { FieldValue, type DocumentData, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { HttpError } from '../http/endpoint';
import { balanceOf, monthKey, StopError } from './limits';

export interface ReserveRequest {
  /** The workspace that pays (users/{ownerID}). */
  ownerID: string;
  /** The most the work is expected to cost (credits). */
  estimate: number;
  /** A visitor message counted against its conversation's cap (messagesLimit; 0 = no cap). */
  conversation?: { agentId: string; conversationId: string; limit: number };
}

export interface Reservation {
  ownerID: string;
  /** Credits taken from the balance for this work. */
  amount: number;
}

/** What settling records: the credit usage log (without amount, direction and time) and the agent's counters. */
export interface Charge {
  /** What the work cost (credits). */
  amount: number;
  log: Omit<CreditUsageLog, 'amount' | 'direction' | 'ts'>;
  /** Adds to voiceglow/{agentId}/stats/usage: tokens and visitor messages answered (total and this month). */
  stats?: { agentId: string; totalTokens: number; messages: number };
}

/** The credit operations the runtime, the AI CSS assistant and the knowledge base use (tests may swap them). */
export interface CreditsPort {
  reserve(db: Firestore, request: ReserveRequest, now: number): Promise<Reservation>;
  settle(db: Firestore, reservation: Reservation, charge: Charge, now: number): Promise<CreditUsageLog>;
  release(db: Firestore, reservation: Reservation): Promise<void>;
}

export const CONVERSATION_LIMIT_MESSAGE = USAGE_MESSAGES.conversationLimit;

// One workspace's balance is one document, and concurrent read-then-write transactions on it abort each other.
// Within an instance its credit writes therefore run one at a time (a queue per workspace: a few ms each, and no
// aborts); between instances an aborted transaction is retried here after a short pause (the client library's
// own retry waits a second or more), then answered 429.
const queues = new WeakMap<Firestore, Map<string, Promise<unknown>>>();

function oneAtATime<T>(db: Firestore, ownerID: string, work: () => Promise<T>): Promise<T> {
  let byOwner = queues.get(db);
  if (!byOwner) queues.set(db, (byOwner = new Map()));
  const previous = byOwner.get(ownerID) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  byOwner.set(ownerID, tail);
  void tail.then(() => {
    if (byOwner.get(ownerID) === tail) byOwner.delete(ownerID);
  });
  return run;
}

const TRANSACTION_ATTEMPTS = 8;
const isAborted = (error: unknown): boolean => (error as { code?: unknown }).code === 10;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function transact<T>(db: Firestore, work: (t: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.runTransaction(work, { maxAttempts: 1 });
    } catch (error) {
      if (!isAborted(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
      await pause(10 * 2 ** attempt * (0.5 + Math.random()));
    }
  }
}

export async function reserveCredits(db: Firestore, request: ReserveRequest, now: number): Promise<Reservation> {
  const userRef = db.doc(paths.user(request.ownerID));
  const cap = request.conversation;
  const counterRef = cap ? db.doc(paths.conversationUsage(cap.agentId, cap.conversationId)) : null;
  try {
    return await oneAtATime(db, request.ownerID, () =>
      transact(db, async (t) => {
        const [user, counter] = counterRef ? await t.getAll(userRef, counterRef) : [await t.get(userRef)];
        const balance = balanceOf(user!.get('loadTokens'));
        if (!(balance > 0)) throw new StopError('credits');
        if (cap && cap.limit > 0 && balanceOf(counter?.get('visitorMessages')) >= cap.limit) {
          throw new StopError('messagesLimit', CONVERSATION_LIMIT_MESSAGE);
        }
        const amount = Math.min(Math.max(0, request.estimate), balance);
        t.update(userRef, { loadTokens: FieldValue.increment(-amount) });
        if (counterRef) t.set(counterRef, { visitorMessages: FieldValue.increment(1), updatedAt: now }, { merge: true });
        return { ownerID: request.ownerID, amount };
      }),
    );
  } catch (error) {
    if (isAborted(error)) throw new HttpError(429, USAGE_MESSAGES.busy, { 'retry-after': '1' });
    throw error;
  }
}

function logOf(charge: Charge, amount: number, now: number): CreditUsageLog {
  return { ...charge.log, amount, direction: 'decrease', ts: now };
}

function writeStats(db: Firestore, write: (ref: DocumentReference, data: DocumentData) => void, charge: Charge, now: number): void {
  if (!charge.stats) return;
  write(db.doc(paths.usageStats(charge.stats.agentId)), {
    totalTokens: FieldValue.increment(charge.stats.totalTokens),
    messages: FieldValue.increment(charge.stats.messages),
    monthly: { [monthKey(now)]: FieldValue.increment(charge.stats.messages) },
    updatedAt: now,
  });
}

export async function settleCredits(db: Firestore, reservation: Reservation, charge: Charge, now: number): Promise<CreditUsageLog> {
  const userRef = db.doc(paths.user(reservation.ownerID));
  const logRef = db.collection(paths.creditUsageLogs(reservation.ownerID)).doc();
  if (charge.amount <= reservation.amount) {
    // The usual case: the balance only goes up (the unused part comes back), so no read is needed.
    const log = logOf(charge, charge.amount, now);
    const batch = db.batch();
    if (reservation.amount > charge.amount) batch.update(userRef, { loadTokens: FieldValue.increment(reservation.amount - charge.amount) });
    batch.set(logRef, log);
    writeStats(db, (ref, data) => batch.set(ref, data, { merge: true }), charge, now);
    await oneAtATime(db, reservation.ownerID, () => batch.commit());
    return log;
  }
  try {
    return await oneAtATime(db, reservation.ownerID, () =>
      transact(db, async (t) => {
        const balance = balanceOf((await t.get(userRef)).get('loadTokens'));
        const extra = Math.min(charge.amount - reservation.amount, Math.max(0, balance));
        const log = logOf(charge, reservation.amount + extra, now);
        if (extra > 0) t.update(userRef, { loadTokens: FieldValue.increment(-extra) });
        t.set(logRef, log);
        writeStats(db, (ref, data) => t.set(ref, data, { merge: true }), charge, now);
        return log;
      }),
    );
  } catch (error) {
    if (!isAborted(error)) throw error;
    // Still contended: keep what was reserved as the charge rather than lose the record.
    return settleCredits(db, reservation, { ...charge, amount: reservation.amount }, now);
  }
}

export async function releaseCredits(db: Firestore, reservation: Reservation): Promise<void> {
  if (reservation.amount <= 0) return;
  const userRef = db.doc(paths.user(reservation.ownerID));
  await oneAtATime(db, reservation.ownerID, () => userRef.update({ loadTokens: FieldValue.increment(reservation.amount) }));
}

export const firestoreCredits: CreditsPort = { reserve: reserveCredits, settle: settleCredits, release: releaseCredits };
