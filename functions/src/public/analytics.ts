import { z } from 'zod';
import { paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { loadAgent } from '../runtime/agent';
import { monthKey, readUsage } from '../runtime/limits';
import { UNKNOWN_AGENT } from '../runtime/texts';
import { agentIdParam, regionParamSchema } from './region';

export const analyticsInput = z.object({
  region: regionParamSchema.default('na'),
  /** What happened (e.g. "open", "message"); older widgets send a boolean. */
  record: z.union([z.string().max(64), z.boolean()]).default('open'),
  ts: z.number().nonnegative().optional(),
  browser: z.string().max(200).optional(),
  origin: z.string().max(2048).optional(),
  platform: z.string().max(200).optional(),
  countryCode: z.string().max(8).optional(),
  ipAddress: z.string().max(64).optional(),
});

export const analyticsPath = (agentId: string) => `${paths.agent(agentId)}/analytics`;

/** POST /agents/{id}/analytics: records a widget event; answers this month's message count. */
export const analyticsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/agents/:agentId/analytics',
  input: analyticsInput,
  handler: async ({ params, input }) => {
    const agentId = agentIdParam.safeParse(params.agentId);
    if (!agentId.success) throw new HttpError(404, UNKNOWN_AGENT);
    const db = databaseFor(input.region);
    const agent = await loadAgent(db, agentId.data);
    if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
    const now = Date.now();
    const event: Record<string, unknown> = {
      record: String(input.record),
      ts: input.ts ?? now,
      receivedAt: now,
      browser: input.browser ?? '',
      origin: input.origin ?? '',
      platform: input.platform ?? '',
    };
    // Location data only when the owner enabled geo analytics.
    if (agent.enableGeoAnalytics) {
      if (input.countryCode) event.countryCode = input.countryCode;
      if (input.ipAddress) event.ipAddress = input.ipAddress;
    }
    await db.collection(analyticsPath(agent.ID)).add(event);
    const usage = await readUsage(db, agent.ID);
    return { body: { success: true, monthlyMessages: usage.monthly[monthKey(now)] ?? 0 } };
  },
});
