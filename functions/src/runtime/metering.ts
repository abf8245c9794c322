// Charges an answer: one transaction writes the credit usage log, decrements the owner's loadTokens
// and adds to the agent's usage counters (tokens, messages, messages per month).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { paths, type CreditUsageLog } from '@parley/core';
import { monthKey, usageStatsPath } from './limits';

export const creditLogsPath = (ownerID: string) => `${paths.user(ownerID)}/creditUsageLogs`;

/** Credits per answer: 1, plus 1 per 1,000 tokens beyond the first 1,000, to one decimal. */
export function creditsFor(totalTokens: number): number {
  return Math.round(Math.max(1, totalTokens / 1000) * 10) / 10;
}

export interface Charge {
  ownerID: string;
  agentId: string;
  inputTokens: number;
  outputTokens: number;
  modelId: string;
  /** Visitor messages answered by this charge (0 for a launch). */
  messages: number;
  logMessage: string;
}

export async function meterAnswer(db: Firestore, charge: Charge, now: number): Promise<CreditUsageLog> {
  const totalTokens = charge.inputTokens + charge.outputTokens;
  const log: CreditUsageLog = {
    amount: creditsFor(totalTokens),
    direction: 'decrease',
    causedBy: 'agent',
    agentId: charge.agentId,
    featureKey: 'chat-message',
    logMessage: charge.logMessage,
    inputTokens: charge.inputTokens,
    outputTokens: charge.outputTokens,
    totalTokens,
    modelId: charge.modelId,
    ts: now,
  };
  const userRef = db.doc(paths.user(charge.ownerID));
  const logRef = db.collection(creditLogsPath(charge.ownerID)).doc();
  const statsRef = db.doc(usageStatsPath(charge.agentId));
  // Increments instead of read-modify-write: many conversations of one workspace charge at once,
  // and a transaction without reads never aborts on contention while staying all-or-nothing.
  await db.runTransaction(async (t) => {
    t.set(userRef, { loadTokens: FieldValue.increment(-log.amount) }, { merge: true });
    t.set(logRef, log);
    t.set(
      statsRef,
      {
        totalTokens: FieldValue.increment(totalTokens),
        messages: FieldValue.increment(charge.messages),
        monthly: { [monthKey(now)]: FieldValue.increment(charge.messages) },
        updatedAt: now,
      },
      { merge: true },
    );
  });
  return log;
}
