// Whether an agent may keep answering: the owner has credits, and the agent is within its own caps
// (maxTokensUsage: total LLM tokens; messagesLimit: visitor messages this month). 0 or unset = no cap.
import type { Firestore } from 'firebase-admin/firestore';
import { paths } from '@parley/core';
import type { RuntimeAgent } from './agent';

export const usageStatsPath = (agentId: string) => `${paths.agent(agentId)}/stats/usage`;

/** "2026-11": monthly counters are keyed by UTC month. */
export const monthKey = (ts: number): string => new Date(ts).toISOString().slice(0, 7);

export interface UsageStats {
  totalTokens: number;
  messages: number;
  monthly: Record<string, number>;
}

export async function readUsage(db: Firestore, agentId: string): Promise<UsageStats> {
  const snap = await db.doc(usageStatsPath(agentId)).get();
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

export async function readCredits(db: Firestore, ownerID: string): Promise<Credits> {
  if (!ownerID) return { continue: false, hasEverPaid: false, loadTokens: 0 };
  const snap = await db.doc(paths.user(ownerID)).get();
  const loadTokens = Number(snap.get('loadTokens') ?? 0) || 0;
  return { continue: loadTokens > 0, hasEverPaid: snap.get('hasEverPaid') === true, loadTokens };
}

export type StopReason = 'credits' | 'maxTokensUsage' | 'messagesLimit';

export interface ContinueDecision {
  shouldContinue: boolean;
  reason?: StopReason;
}

export async function shouldContinue(db: Firestore, agent: RuntimeAgent, now: number, usageRead?: Promise<UsageStats>): Promise<ContinueDecision> {
  const [credits, usage] = await Promise.all([readCredits(db, agent.ownerID), usageRead ?? readUsage(db, agent.ID)]);
  return decide(agent, credits, usage, now);
}

/** The decision from what was read (pure). */
export function decide(agent: RuntimeAgent, credits: Credits, usage: UsageStats, now: number): ContinueDecision {
  if (!credits.continue) return { shouldContinue: false, reason: 'credits' };
  if (agent.maxTokensUsage > 0 && usage.totalTokens >= agent.maxTokensUsage) return { shouldContinue: false, reason: 'maxTokensUsage' };
  if (agent.messagesLimit > 0 && (usage.monthly[monthKey(now)] ?? 0) >= agent.messagesLimit) return { shouldContinue: false, reason: 'messagesLimit' };
  return { shouldContinue: true };
}
