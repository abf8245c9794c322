// A payer's balance as stored (users/{ownerID}.loadTokens, or orgs/{orgId}.loadTokens when an org pays), and the
// 402 every refusal for credits or a usage cap becomes.
import type { Firestore } from 'firebase-admin/firestore';
import { paths } from '@parley/core';
import { HttpError } from '../adapters/input-errors';

/** What a visitor reads when the agent may not answer for credits or a cap. */
export const STOP_MESSAGE = 'This assistant has reached its usage limit and cannot reply right now. Please try again later.';

/** "2026-11": monthly counters are keyed by UTC month. */
export const monthKey = (ts: number): string => new Date(ts).toISOString().slice(0, 7);

export interface Credits {
  /** The owner's workspace still has credits. */
  continue: boolean;
  hasEverPaid: boolean;
  loadTokens: number;
}

/** A stored balance as a number (0 when missing or not a number). */
export const balanceOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The workspace's credits, or the org's when `orgId` pays (an org has no hasEverPaid: false). */
export async function readCredits(db: Firestore, ownerID: string, orgId?: string): Promise<Credits> {
  if (!ownerID) return { continue: false, hasEverPaid: false, loadTokens: 0 };
  const snap = await db.doc(orgId ? paths.org(orgId) : paths.user(ownerID)).get();
  const loadTokens = balanceOf(snap.get('loadTokens'));
  return { continue: loadTokens > 0, hasEverPaid: snap.get('hasEverPaid') === true, loadTokens };
}

export type StopReason = 'credits' | 'maxTokensUsage' | 'messagesLimit';

/** 402: the workspace or the agent reached a limit ("usage limit" text, or the conversation's own). */
export class StopError extends HttpError {
  constructor(
    readonly reason: StopReason,
    message = STOP_MESSAGE,
    /** The org whose credits ran out, when an org with billing pays for the agent (not the workspace). */
    readonly orgId?: string,
  ) {
    super(402, message);
  }
}
