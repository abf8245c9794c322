// Callable agentRollups: an agent's daily rollups for a range a link chose (Analytics' ?from=&to=). The contract
// refuses a malformed range or one longer than a year before anything is read, so a read costs at most a year's
// documents; whoever may open the agent's Analytics may read it (members, clients allowed '/analytics', the agency
// admin), as firestore.rules allow the same documents to the dashboard's live charts.
import { agentDailyRollupSchema, insightsApi, paths } from '@parley/core';
import { callerOf, requireAgentAccess } from '../access';
import { parseStored } from '../adapters/stored-data';
import { defineCallable } from '../callable/define-callable';

export const ANALYTICS_PAGE = '/analytics';

export const agentRollups = defineCallable(insightsApi.agentRollups, async (input, request) => {
  const { db } = await requireAgentAccess(callerOf(request), input.region, input.agentId, { page: ANALYTICS_PAGE });
  const snap = await db.collection(paths.agentRollups(input.agentId)).where('day', '>=', input.from).where('day', '<=', input.to).orderBy('day').get();
  return { from: input.from, to: input.to, days: snap.docs.map((d) => parseStored(agentDailyRollupSchema, d)) };
});
