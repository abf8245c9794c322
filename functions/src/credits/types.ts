// What the credit operations take and give (credits/index.ts puts them together as one CreditsPort).
import type { CreditUsageLog } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { DocumentWrite } from '../adapters/firestore';

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
  /**
   * Documents written only if the reservation is, in the same atomic commit (the visitor's message): one round trip,
   * and a refused message leaves nothing behind.
   */
  writes?: readonly DocumentWrite[];
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

/**
 * The one interface to credits: the conversation engine, the AI CSS assistant and the knowledge base reserve, settle
 * and release through it (createCredits; benches may swap it).
 */
export interface CreditsPort {
  /** The payer's balance (this instance's latest knowledge of it, read when it has none): the org's when orgId is given. */
  balance(db: Firestore, ownerID: string, orgId?: string): Promise<number>;
  reserve(db: Firestore, request: ReserveRequest, now: number): Promise<Reservation>;
  settle(db: Firestore, reservation: Reservation, charge: Charge, now: number): Promise<CreditUsageLog>;
  release(db: Firestore, reservation: Reservation): Promise<void>;
}

/**
 * Told the balance each reservation left (billing's auto-recharge listens: onBalance for a workspace, onOrgBalance
 * for an org that paid). It runs after the reservation is written and must not delay or fail the work: it is not
 * awaited and its errors are its own.
 */
export interface BalanceObservers {
  onBalance?: (db: Firestore, ownerID: string, balance: number) => void;
  onOrgBalance?: (db: Firestore, orgId: string, balance: number) => void;
}
