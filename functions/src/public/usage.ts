import { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { loadAgent } from '../runtime/agent';
import { shouldContinue } from '../runtime/limits';
import { UNKNOWN_AGENT } from '../runtime/texts';
import { agentIdParam, regionOf } from './region';

export const usageInput = z.object({ region: z.string().optional() }).loose();

/** GET /v2/public/agents/{id}/usage → { data: { shouldContinue } } (credits and the agent's own caps). */
export const usageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v2/public/agents/:agentId/usage',
  input: usageInput,
  handler: async ({ params, query }) => {
    const agentId = agentIdParam.safeParse(params.agentId);
    if (!agentId.success) throw new HttpError(404, UNKNOWN_AGENT);
    const db = databaseFor(regionOf(query));
    const agent = await loadAgent(db, agentId.data);
    if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
    const decision = await shouldContinue(db, agent, Date.now());
    return { body: { success: true, data: { shouldContinue: decision.shouldContinue } } };
  },
});
