// Daily rollups: what the analytics charts read instead of the raw records, so a chart's cost does not grow with
// traffic (a year is at most 366 documents). One document per agent and UTC day, voiceglow/{agentId}/rollups/{day},
// each counter raised by one increment in the same write that records the event. Written only by functions.
// Counted so far: leads (functions/src/leads). Conversations, messages, handoffs, credits, tokens, channels,
// countries and browsers are to be counted where those events are recorded (the engine, credits, analytics).
import { z } from 'zod';

const count = z.number().nonnegative().default(0);
const counts = z.record(z.string(), z.number().nonnegative()).default({});

export const agentDailyRollupSchema = z.object({
  /** The UTC day, YYYY-MM-DD (the document's id). */
  day: z.string(),
  agentId: z.string(),
  conversations: count,
  messages: count,
  handoffs: count,
  leads: count,
  credits: count,
  inputTokens: count,
  outputTokens: count,
  /** New conversations per channel (widget, whatsapp …). */
  channels: counts,
  /** Leads per channel. */
  leadChannels: counts,
});
export type AgentDailyRollup = z.infer<typeof agentDailyRollupSchema>;

/** The UTC day of a time (unix ms), YYYY-MM-DD: a rollup document's id. */
export const rollupDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
