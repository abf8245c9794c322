// Whether an agent may keep answering: whoever pays for it (credits/payer.ts: the owner's workspace, or an org of
// it with billing on) has credits, and the agent is within its own token cap
// (maxTokensUsage: total LLM tokens; 0 = no cap). These plain reads answer the widget's "may I start?" questions
// (usage, check-credits) and launches; an answered message is decided by the credit reservation (credits/reservation.ts),
// which also counts the conversation's visitor messages against its messagesLimit.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { paths } from '@parley/core';
import type { RuntimeAgent } from './agent';
import { payerOf, payingOrg, readCredits, type Credits, type StopReason } from '../../credits';

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
