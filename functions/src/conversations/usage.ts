import { conversationsApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { loadAgent } from './engine/agent';
import { shouldContinue } from './engine/usage-caps';
import { UNKNOWN_AGENT } from './engine/texts';

/** GET /v2/public/agents/{id}/usage → { data: { shouldContinue } } (credits and the agent's own token cap). */
export const usageEndpoint = defineEndpoint(conversationsApi.getAgentUsage, async ({ params, query }) => {
  const db = databaseFor(query.region);
  const agent = await loadAgent(db, params.agentId);
  if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
  const decision = await shouldContinue(db, agent);
  return { body: { success: true, data: { shouldContinue: decision.shouldContinue } } };
});
