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
// When an org with billing pays for the agent (credits/payer.ts), the request names it (orgId): the same steps run
// on orgs/{orgId}.loadTokens instead of the workspace's balance, the usage log is still the workspace's (it says
// which org paid), and the org's observer is told the balance left (its auto-recharge on the agency's account).
import { paths, USAGE_MESSAGES } from '@parley/core';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { stageWrite } from '../adapters/firestore';
import { oneAtATime } from '../adapters/document-queue';
import { HttpError } from '../adapters/input-errors';
import { StopError } from './balances';
import { ATTEMPTS, commitWithBalance, knownOf, payerPath, readKnown } from './ledger';
import type { BalanceObservers, Reservation, ReserveRequest } from './types';

export const CONVERSATION_LIMIT_MESSAGE = USAGE_MESSAGES.conversationLimit;


export async function balance(db: Firestore, ownerID: string, orgId?: string): Promise<number> {
  if (!ownerID) return 0;
  const payer = payerPath(ownerID, orgId);
  const known = knownOf(db).get(payer);
  // A balance seen at 0 may have been topped up since: only a positive one is taken as known.
  return known && known.balance > 0 ? known.balance : (await readKnown(db, payer)).balance;
}

export async function reserveCredits(db: Firestore, request: ReserveRequest, now: number, observers: BalanceObservers = {}): Promise<Reservation> {
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
          for (const write of request.writes ?? []) stageWrite(batch, db, write);
        },
        -amount,
        known,
      );
      if (done) {
        if (orgId) {
          observers.onOrgBalance?.(db, orgId, known.balance - amount);
          return { ownerID, orgId, amount };
        }
        observers.onBalance?.(db, ownerID, known.balance - amount);
        return { ownerID, amount };
      }
    }
    throw new HttpError(429, USAGE_MESSAGES.busy, { 'retry-after': '1' });
  });
}
