// An agent's daily rollups for a range a link chose (Analytics' ?from=&to=), through the agentRollups callable: the
// server checks the range (core's insightsApi.insightsRangeSchema) and refuses a bad one with the sentence to show.
import { insightsApi, type AgentDailyRollup, type Region } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '../../lib/functions';
import type { Live } from '../../lib/live-data';

/** Read once, as typed (no retry: a refused range stays refused until the link changes). */
export function useLinkedAgentRollups(region: Region, agentId: string, range: { from: string; to: string }): Live<AgentDailyRollup[]> {
  const read = useQuery({
    queryKey: ['agentRollups', region, agentId, range.from, range.to],
    queryFn: () => callFunction(insightsApi.agentRollups, { region, agentId, ...range }),
    retry: false,
  });
  return { data: read.data?.days, error: read.error, isLoading: read.isLoading, retry: () => void read.refetch() };
}
