// Daily rollups: what the analytics charts read instead of the raw records, so a chart's cost does not grow with
// traffic (a year is at most 366 documents). Each counter is raised by one increment in the same write that records
// the event; written only by functions (functions/src/insights/rollup-writes.ts).
// - per agent and UTC day, voiceglow/{agentId}/rollups/{day}: conversations, messages, handoffs, leads, credits (per
//   feature too), tokens;
// - per payer and UTC day, users/{uid}/rollups/{day} or orgs/{orgId}/rollups/{day}: the credits it paid, per agent
//   and per feature (the workspace's and the org's usage charts).
import { z } from 'zod';

/** The most days a chart or a range read covers (a year, leap or not). */
export const MAX_RANGE_DAYS = 366;

const count = z.number().nonnegative().default(0);
const counts = z.record(z.string(), z.number().nonnegative()).default({});

export const agentDailyRollupSchema = z.object({
  /** The UTC day, YYYY-MM-DD (the document's id). */
  day: z.string(),
  agentId: z.string(),
  conversations: count,
  /** Every message stored: the visitor's, the agent's answers and the team's. */
  messages: count,
  /** Conversations whose visitor asked for a person. */
  handoffs: count,
  /** Handoff requests a team member answered, and the sum of their waits (ms): the operators' first-response time. */
  handoffAnswers: count,
  handoffAnswerMs: count,
  /** The agent's answers that cited the knowledge base. */
  knowledgeAnswers: count,
  /** The agent's answers (the model's, offline or Voiceflow), of which knowledgeAnswers cited the knowledge base. */
  answers: count,
  leads: count,
  credits: count,
  /** Credits per feature key (chat-message, voice-minute …): the agent's usage across features. */
  features: counts,
  inputTokens: count,
  outputTokens: count,
  /** New conversations per channel (widget, whatsapp …). */
  channels: counts,
  /** Leads per channel. */
  leadChannels: counts,
  /** Widget openings, per visitor country (geo analytics on) and per browser family. */
  opens: count,
  countries: counts,
  browsers: counts,
});
export type AgentDailyRollup = z.infer<typeof agentDailyRollupSchema>;

export const payerDailyRollupSchema = z.object({
  day: z.string(),
  credits: count,
  inputTokens: count,
  outputTokens: count,
  /** Credits per agent id. */
  agents: counts,
  /** Credits per feature key (chat-message, ai-css …). */
  features: counts,
});
export type PayerDailyRollup = z.infer<typeof payerDailyRollupSchema>;

/** The UTC day of a time (unix ms), YYYY-MM-DD: a rollup document's id. */
export const rollupDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
