// The rollup counters an event adds to, as writes to stage in the same batch or transaction that records the event
// (one increment per counter, no read): the charts then read one document per day whatever the traffic.
import { paths, rollupDay, type Conversation, type ConversationMessage, type CreditUsageLog } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import type { DocumentWrite } from '../adapters/firestore';

const ANSWERS: ReadonlySet<ConversationMessage['responder']> = new Set(['llm', 'offline', 'voiceflow']);

/** What a conversation write counts beyond its messages. */
export interface ConversationEvent {
  /** The write creates the conversation on this channel. */
  created?: Conversation['channel'];
  /** The visitor asked for a person (once per request). */
  handoffRequested?: boolean;
  /** A team member's first reply to a handoff request, this long after it (ms). */
  handoffAnsweredAfterMs?: number;
}

const inc = (n: number) => FieldValue.increment(n);

/** The agent's day counting `messages` stored at `now` and the event; null when there is nothing to count. */
export function conversationRollupWrite(agentId: string, messages: readonly Pick<ConversationMessage, 'role' | 'responder' | 'sources'>[], now: number, event: ConversationEvent = {}): DocumentWrite | null {
  const answers = messages.filter((m) => m.role === 'assistant' && ANSWERS.has(m.responder));
  const knowledgeAnswers = answers.filter((m) => (m.sources?.length ?? 0) > 0).length;
  const data: Record<string, unknown> = {
    ...(messages.length ? { messages: inc(messages.length) } : {}),
    ...(answers.length ? { answers: inc(answers.length) } : {}),
    ...(knowledgeAnswers ? { knowledgeAnswers: inc(knowledgeAnswers) } : {}),
    ...(event.created ? { conversations: inc(1), channels: { [event.created]: inc(1) } } : {}),
    ...(event.handoffRequested ? { handoffs: inc(1) } : {}),
    ...(event.handoffAnsweredAfterMs !== undefined ? { handoffAnswers: inc(1), handoffAnswerMs: inc(Math.max(0, event.handoffAnsweredAfterMs)) } : {}),
  };
  if (Object.keys(data).length === 0) return null;
  const day = rollupDay(now);
  return { path: paths.agentRollup(agentId, day), data: { day, agentId, ...data }, merge: true };
}

/** The days a settled charge counts in: its agent's (credits per feature, tokens) and its payer's (credits per agent and feature). */
export function creditRollupWrites(log: CreditUsageLog, payerRollups: string): DocumentWrite[] {
  if (log.direction !== 'decrease') return [];
  const day = rollupDay(log.ts);
  const tokens = { inputTokens: inc(log.inputTokens ?? 0), outputTokens: inc(log.outputTokens ?? 0) };
  const features = { [log.featureKey ?? log.causedBy]: inc(log.amount) };
  const writes: DocumentWrite[] = [{
    path: `${payerRollups}/${day}`,
    data: {
      day, credits: inc(log.amount), ...tokens,
      ...(log.agentId ? { agents: { [log.agentId]: inc(log.amount) } } : {}),
      features,
    },
    merge: true,
  }];
  if (log.agentId) writes.push({ path: paths.agentRollup(log.agentId, day), data: { day, agentId: log.agentId, credits: inc(log.amount), features, ...tokens }, merge: true });
  return writes;
}

const BROWSERS = ['Edge', 'Opera', 'Samsung', 'Firefox', 'Chrome', 'Safari'] as const;

/** A browser's family from what the widget sent (a user agent or a name): a short fixed list, so visitors cannot add keys. */
export function browserFamily(browser: string): string {
  const text = browser.toLowerCase();
  if (/edg/.test(text)) return 'Edge';
  if (/opr|opera/.test(text)) return 'Opera';
  if (/samsungbrowser|samsung/.test(text)) return 'Samsung';
  return BROWSERS.find((b) => text.includes(b.toLowerCase())) ?? 'Other';
}

/** The agent's day counting a widget opening, its country (when geo analytics is on) and its browser family. */
export function openingRollupWrite(agentId: string, now: number, opening: { countryCode?: string; browser: string }): DocumentWrite {
  const day = rollupDay(now);
  const country = opening.countryCode && /^[A-Z]{2}$/.test(opening.countryCode.toUpperCase()) ? opening.countryCode.toUpperCase() : null;
  return {
    path: paths.agentRollup(agentId, day),
    data: { day, agentId, opens: inc(1), browsers: { [browserFamily(opening.browser)]: inc(1) }, ...(country ? { countries: { [country]: inc(1) } } : {}) },
    merge: true,
  };
}

/** Where a payer's days are: the org's when an org pays, else the workspace's. */
export const payerRollups = (ownerID: string, orgId: string | undefined): string => (orgId ? paths.orgRollups(orgId) : paths.userRollups(ownerID));
