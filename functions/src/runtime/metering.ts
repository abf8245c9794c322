// Credits: reserved before paid work starts (an LLM answer, an AI CSS reply, knowledge-base embeddings), settled
// with what the work really cost once it is done, released when it failed.
//
// A workspace's balance is users/{ownerID}.loadTokens. A reservation reads the balance, checks it and takes the most
// the work is expected to cost from it (or whatever is left, when that is less), as one optimistic transaction: the
// write carries a precondition on the balance document's update time, so it applies only if nothing changed the
// balance since it was read; otherwise the balance is read again and the check repeated. However many requests
// arrive at once, each one that goes through was paid for from a positive balance, and the balance never goes below
// zero: with 1 credit left, one answer goes through and every other request is refused (402) before the model is
// called. Settling gives back what was reserved and not used; when the work cost more than was reserved it takes the
// difference, but never more than the balance still holds.
//
// Within an instance a workspace's credit writes run one at a time (a queue per workspace), and the instance keeps
// the balance and update time its own last write produced: a warm instance reserves with a single write, no read.
// Another instance's or a top-up's write makes that write's precondition fail, and the balance is read again.
//
// When an org with billing pays for the agent (runtime/payer.ts), the request names it (orgId): the same steps run
// on orgs/{orgId}.loadTokens instead of the workspace's balance, the usage log is still the workspace's (it says
// which org paid), and the org's observer is told the balance left (its auto-recharge on the agency's account).
import { paths, USAGE_MESSAGES, type CreditUsageLog } from '@parley/core';
import { FieldValue, type DocumentData, type DocumentReference, type Firestore, type Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { oneAtATime } from '../adapters/document-queue';
import { HttpError } from '../http/endpoint';
import { balanceOf, monthKey, StopError } from './limits';

export interface ReserveRequest {
  /** The agent's workspace (users/{ownerID}): it pays, unless orgId names the org that does. */
  ownerID: string;
  /** The org that pays instead of the workspace (orgs/{orgId}.loadTokens). */
  orgId?: string;
  /** The most the work is expected to cost (credits). */
  estimate: number;
  /**
   * A visitor message counted against its conversation's cap (messagesLimit; 0 = no cap): `used` is how many the
   * conversation sent before (voiceglow/{agentId}/conversationUsage/{conversationId}), read beforehand.
   */
  conversation?: { agentId: string; conversationId: string; limit: number; used: number };
  /** Writes that must happen only if the reservation does, in the same atomic commit (the visitor's message). */
  alsoWrite?: (batch: WriteBatch) => void;
}

export interface Reservation {
  ownerID: string;
  /** The org that paid, when not the workspace. */
  orgId?: string;
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

/** The credit operations the runtime, the AI CSS assistant and the knowledge base use (benches may swap them). */
export interface CreditsPort {
  /** The payer's balance (this instance's latest knowledge of it, read when it has none): the org's when orgId is given. */
  balance(db: Firestore, ownerID: string, orgId?: string): Promise<number>;
  reserve(db: Firestore, request: ReserveRequest, now: number): Promise<Reservation>;
  settle(db: Firestore, reservation: Reservation, charge: Charge, now: number): Promise<CreditUsageLog>;
  release(db: Firestore, reservation: Reservation): Promise<void>;
}

export const CONVERSATION_LIMIT_MESSAGE = USAGE_MESSAGES.conversationLimit;

/**
 * Told the balance each reservation left (billing's auto-recharge listens). It runs after the reservation is
 * written and must not delay or fail the work: it is not awaited and its errors are its own.
 */
export type BalanceObserver = (db: Firestore, ownerID: string, balance: number) => void;
let balanceObserver: BalanceObserver | null = null;
export function observeBalances(observer: BalanceObserver | null): void {
  balanceObserver = observer;
}
/** The same for an org that paid (billing's org auto-recharge listens). */
export type OrgBalanceObserver = (db: Firestore, orgId: string, balance: number) => void;
let orgBalanceObserver: OrgBalanceObserver | null = null;
export function observeOrgBalances(observer: OrgBalanceObserver | null): void {
  orgBalanceObserver = observer;
}
/** Writes whose precondition failed (others changed the balance meanwhile) are retried this often, then 429. */
const ATTEMPTS = 8;

// ---------------------------------------------------------------- one payer at a time, and what it holds
// Keyed by the balance document's path: users/{ownerID}, or orgs/{orgId} when an org pays.

interface Known {
  balance: number;
  /** The balance document's update time; null when it does not exist. */
  updateTime: Timestamp | null;
}

const knownBalances = new WeakMap<Firestore, Map<string, Known>>();

/** The balance document of whoever pays. */
const payerPath = (ownerID: string, orgId: string | undefined): string => (orgId ? paths.org(orgId) : paths.user(ownerID));


function knownOf(db: Firestore): Map<string, Known> {
  let map = knownBalances.get(db);
  if (!map) knownBalances.set(db, (map = new Map()));
  return map;
}

async function readKnown(db: Firestore, payer: string): Promise<Known> {
  const snap = await db.doc(payer).get();
  const known = { balance: balanceOf(snap.get('loadTokens')), updateTime: snap.exists ? (snap.updateTime ?? null) : null };
  knownOf(db).set(payer, known);
  return known;
}

const isPreconditionFailure = (error: unknown): boolean => (error as { code?: unknown }).code === 9;

/**
 * Commits `batch` with the balance changed by `delta`: conditional on the known update time when the instance knows
 * the balance (then it knows the new one too); otherwise, or when the condition fails, a plain increment after which
 * the balance is unknown. Returns false when a conditional write found the balance changed.
 */
async function commitWithBalance(db: Firestore, payer: string, build: (batch: WriteBatch) => void, delta: number, conditional: Known | null): Promise<boolean> {
  const userRef = db.doc(payer);
  const batch = db.batch();
  if (delta !== 0) {
    if (conditional?.updateTime) batch.update(userRef, { loadTokens: FieldValue.increment(delta) }, { lastUpdateTime: conditional.updateTime });
    else batch.set(userRef, { loadTokens: FieldValue.increment(delta) }, { merge: true });
  }
  build(batch);
  try {
    const results = await batch.commit();
    if (delta === 0) return true;
    if (conditional?.updateTime) knownOf(db).set(payer, { balance: conditional.balance + delta, updateTime: results[0]!.writeTime });
    else knownOf(db).delete(payer);
    return true;
  } catch (error) {
    if (!conditional || !isPreconditionFailure(error)) throw error;
    knownOf(db).delete(payer);
    return false;
  }
}

// ---------------------------------------------------------------- the operations

export async function balance(db: Firestore, ownerID: string, orgId?: string): Promise<number> {
  if (!ownerID) return 0;
  const payer = payerPath(ownerID, orgId);
  const known = knownOf(db).get(payer);
  // A balance seen at 0 may have been topped up since: only a positive one is taken as known.
  return known && known.balance > 0 ? known.balance : (await readKnown(db, payer)).balance;
}

export async function reserveCredits(db: Firestore, request: ReserveRequest, now: number): Promise<Reservation> {
  const { ownerID, orgId, conversation: cap } = request;
  if (!ownerID) throw new StopError('credits');
  if (cap && cap.limit > 0 && cap.used >= cap.limit) throw new StopError('messagesLimit', CONVERSATION_LIMIT_MESSAGE);
  const payer = payerPath(ownerID, orgId);
  return oneAtATime(db, payer, async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let known = knownOf(db).get(payer);
      // A balance this instance saw at 0 may have been topped up since: read it before refusing.
      if (!known || !(known.balance > 0)) known = await readKnown(db, payer);
      if (!(known.balance > 0) || !known.updateTime) throw new StopError('credits', undefined, orgId);
      const amount = Math.min(Math.max(0, request.estimate), known.balance);
      const done = await commitWithBalance(
        db,
        payer,
        (batch) => {
          if (cap) batch.set(db.doc(paths.conversationUsage(cap.agentId, cap.conversationId)), { visitorMessages: FieldValue.increment(1), updatedAt: now }, { merge: true });
          request.alsoWrite?.(batch);
        },
        -amount,
        known,
      );
      if (done) {
        if (orgId) {
          orgBalanceObserver?.(db, orgId, known.balance - amount);
          return { ownerID, orgId, amount };
        }
        balanceObserver?.(db, ownerID, known.balance - amount);
        return { ownerID, amount };
      }
    }
    throw new HttpError(429, USAGE_MESSAGES.busy, { 'retry-after': '1' });
  });
}

function logOf(charge: Charge, amount: number, now: number, orgId: string | undefined): CreditUsageLog {
  return { ...charge.log, amount, direction: 'decrease', ts: now, ...(orgId ? { orgId } : {}) };
}

function writeRecord(db: Firestore, batch: WriteBatch, ownerID: string, log: CreditUsageLog, charge: Charge, now: number): void {
  batch.set(db.collection(paths.creditUsageLogs(ownerID)).doc(), log);
  if (!charge.stats) return;
  const stats: DocumentData = {
    totalTokens: FieldValue.increment(charge.stats.totalTokens),
    messages: FieldValue.increment(charge.stats.messages),
    monthly: { [monthKey(now)]: FieldValue.increment(charge.stats.messages) },
    updatedAt: now,
  };
  batch.set(db.doc(paths.usageStats(charge.stats.agentId)) as DocumentReference, stats, { merge: true });
}

export async function settleCredits(db: Firestore, reservation: Reservation, charge: Charge, now: number): Promise<CreditUsageLog> {
  const { ownerID, orgId } = reservation;
  const payer = payerPath(ownerID, orgId);
  return oneAtATime(db, payer, async () => {
    for (let attempt = 0; ; attempt++) {
      // Usually the unused part comes back (the balance only goes up: no read needed). When the work cost more than
      // was reserved, the difference is taken as far as the balance goes — unless conflicts kept that from being
      // checked: then what was reserved is the charge, written plainly, so the record is never lost.
      const contended = attempt >= ATTEMPTS;
      let charged = Math.min(charge.amount, reservation.amount);
      if (charge.amount > reservation.amount && !contended) {
        const current = knownOf(db).get(payer) ?? (await readKnown(db, payer));
        charged += Math.min(charge.amount - reservation.amount, Math.max(0, current.balance));
      }
      const log = logOf(charge, charged, now, orgId);
      const conditional = contended ? null : (knownOf(db).get(payer) ?? null);
      const done = await commitWithBalance(db, payer, (batch) => writeRecord(db, batch, ownerID, log, charge, now), reservation.amount - charged, conditional);
      if (done) return log;
    }
  });
}

export async function releaseCredits(db: Firestore, reservation: Reservation): Promise<void> {
  if (reservation.amount <= 0) return;
  const payer = payerPath(reservation.ownerID, reservation.orgId);
  await oneAtATime(db, payer, async () => {
    const known = knownOf(db).get(payer) ?? null;
    if (!(await commitWithBalance(db, payer, () => undefined, reservation.amount, known))) {
      await commitWithBalance(db, payer, () => undefined, reservation.amount, null);
    }
  });
}

export const firestoreCredits: CreditsPort = { balance, reserve: reserveCredits, settle: settleCredits, release: releaseCredits };
