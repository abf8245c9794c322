// Insights: the reads of the daily rollups that take a range of days. The dashboard's preset charts read the rollup
// documents from Firestore directly (firestore.rules); a range chosen by a link (?from=&to=) is read once through
// agentRollups, which checks it here: a malformed range, one that ends before it starts, or one longer than a year
// is answered 400 with the sentence to show, never read.
import { z } from 'zod';
import { regionSchema } from '../region';
import { agentDailyRollupSchema, MAX_RANGE_DAYS } from '../schemas/rollup';
import { agentIdSchema, callable } from './contract';

const DAY_MS = 86_400_000;

export const INSIGHTS_RANGE_MESSAGES = {
  malformed: 'A range’s days are written YYYY-MM-DD, e.g. 2026-03-01.',
  reversed: 'The range ends before it starts: choose a last day on or after the first.',
  tooLong: `A range covers at most 1 year (${MAX_RANGE_DAYS} days): choose a shorter one.`,
} as const;

// A real calendar day (zod's ISO date knows month lengths and leap years). Not core's list-filters isDay: the web
// bundles that with the Chats page, and a contract that imported it would tie the shared core chunk to that chunk.
const daySchema = z.iso.date({ error: INSIGHTS_RANGE_MESSAGES.malformed });

/** The days of a range, both included: real calendar days, in order, at most a year apart. */
export const insightsRangeSchema = z
  .object({ from: daySchema, to: daySchema })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: 'custom', message: INSIGHTS_RANGE_MESSAGES.reversed, path: ['to'] });
    else if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', message: INSIGHTS_RANGE_MESSAGES.tooLong, path: ['to'] });
    }
  });
export type InsightsRange = z.infer<typeof insightsRangeSchema>;

/** The sentence a range is refused with, or null when it is a valid range. */
export function insightsRangeProblem(range: { from: unknown; to: unknown }): string | null {
  const parsed = insightsRangeSchema.safeParse(range);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? INSIGHTS_RANGE_MESSAGES.malformed);
}

/**
 * Callable agentRollups: an agent's daily rollup documents for a range (one per day that had traffic, in order).
 * Whoever may open the agent's Analytics: members of its workspace, clients allowed '/analytics', the agency admin.
 * invalid-argument with one of INSIGHTS_RANGE_MESSAGES for a bad range.
 */
export const agentRollups = callable('agentRollups', {
  input: z.object({ region: regionSchema, agentId: agentIdSchema }).and(insightsRangeSchema),
  output: z.object({ from: z.string(), to: z.string(), days: z.array(agentDailyRollupSchema) }),
});
