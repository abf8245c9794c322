// An agent's daily rollups for a range a link chose (Analytics' ?from=&to=): checked here by the same contract the
// agentRollups callable applies (core's insightsApi.insightsRangeSchema), so a bad range is refused in the same
// words, and a good one is read live like a preset's days, without a round trip through a function first.
import { insightsApi, type AgentDailyRollup } from '@parley/core';
import { useMemo } from 'react';
import { useAgentRollupsBetween } from '../../lib/rollups-data';
import type { Live } from '../../lib/live-data';

/** A refused range reads nothing (its days are an empty range), and says why. */
const NOTHING = { from: '9999-12-31', to: '0000-01-01' };

export function useLinkedAgentRollups(agentId: string, range: { from: string; to: string }): Live<AgentDailyRollup[]> {
  const problem = insightsApi.insightsRangeProblem(range);
  const read = problem ? NOTHING : range;
  const live = useAgentRollupsBetween(agentId, read.from, read.to);
  const refused = useMemo(() => (problem ? new Error(problem) : null), [problem]);
  return refused ? { data: undefined, error: refused, isLoading: false, retry: () => undefined } : live;
}
