// Whether an agent may keep answering: whoever pays for it (runtime/payer.ts: the owner's workspace, or an org of
// it with billing on) has credits, and the agent is within its own token cap
// (maxTokensUsage: total LLM tokens; 0 = no cap). These plain reads answer the widget's "may I start?" questions
// (usage, check-credits) and launches; an answered message is decided by the credit reservation (metering.ts),
// which also counts the conversation's visitor messages against its messagesLimit.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { paths } from '@parley/core';
import { HttpError } from '../http/endpoint';
import type { RuntimeAgent } from './agent';
import { payerOf, payingOrg } from './payer';
import { STOP_MESSAGE } from './texts';

/** "2026-11": monthly counters are keyed by UTC month. */
export const monthKey = (ts: number): string => new Date(ts).toISOString().slice(0, 7);

export interface UsageStats {
  totalTokens: number;
  messages: number;
  monthly: Record<string, number>;
}

export async function readUsage(db: Firestore, agentId: string): Promise<UsageStats> {
  return usageOf(await db.doc(paths.usageStats(agentId)).get());
}

/** The counters a snapshot of paths.usageStats holds (zeros when it does not exist). */
export function usageOf(snap: DocumentSnapshot): UsageStats {
  const data = (snap.data() ?? {}) as Partial<UsageStats>;
  return {
    totalTokens: typeof data.totalTokens === 'number' ? data.totalTokens : 0,
    messages: typeof data.messages === 'number' ? data.messages : 0,
    monthly: data.monthly && typeof data.monthly === 'object' ? data.monthly : {},
  };
}

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

export interface ContinueDecision {
  shouldContinue: boolean;
  reason?: StopReason;
}

export async function shouldContinue(db: Firestore, agent: RuntimeAgent, usageRead?: Promise<UsageStats>): Promise<ContinueDecision> {
  const creditsRead = payerOf(db, agent).then((payer) => readCredits(db, agent.ownerID, payingOrg(payer)));
  const [credits, usage] = await Promise.all([creditsRead, usageRead ?? readUsage(db, agent.ID)]);
  return decide(agent, credits, usage);
}

/** The decision from what was read (pure). */
export function decide(agent: RuntimeAgent, credits: Credits, usage: UsageStats): ContinueDecision {
  if (!credits.continue) return { shouldContinue: false, reason: 'credits' };
  if (agent.maxTokensUsage > 0 && usage.totalTokens >= agent.maxTokensUsage) return { shouldContinue: false, reason: 'maxTokensUsage' };
  return { shouldContinue: true };
}
