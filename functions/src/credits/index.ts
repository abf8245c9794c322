// Credits: reserved before paid work starts (an LLM answer, an AI CSS reply, knowledge-base embeddings), settled
// with what the work really cost once it is done, released when it failed; who pays (the workspace, or an org of it
// with billing on); the balances as stored; the owner's notice when a visitor went unanswered for credits.
// The composition builds one CreditsPort (createCredits, with billing's auto-recharge observers) for every user.
import { balance, reserveCredits } from './reservation';
import { releaseCredits, settleCredits } from './settlement';
import type { BalanceObservers, CreditsPort } from './types';

export { balanceOf, monthKey, readCredits, STOP_MESSAGE, StopError, type Credits, type StopReason } from './balances';
export { forgetToldOwners, notifyOwnerNoCredits, type NoticeChannel } from './notices';
export { billingOrgsOf, forgetPayers, PAYER_CACHE_MS, payerOf, payingOrg, type Payer } from './payer';
export { CONVERSATION_LIMIT_MESSAGE } from './reservation';
export type { BalanceObservers, Charge, CreditsPort, Reservation, ReserveRequest } from './types';

/** The credit operations on Firestore; `observers` are told the balance each reservation left. */
export function createCredits(observers: BalanceObservers = {}): CreditsPort {
  return {
    balance,
    reserve: (db, request, now) => reserveCredits(db, request, now, observers),
    settle: settleCredits,
    release: releaseCredits,
  };
}
export { payerPath } from './ledger';
