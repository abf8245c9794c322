// Reads a signed-in route needs, started as soon as the route is matched (see router.tsx): once Auth knows
// the user, the workspaces and the route's agent are read at the same time, while the page's code is still
// downloading. The pages find the answers in the query cache (same query options).
import type { QueryClient } from '@tanstack/react-query';
import { isRegion } from '@parley/core';
import { agentQuery } from '../../lib/agents-data';
import { knownSession } from '../../lib/session';
import { workspacesQuery } from '../../lib/workspace-data';

export async function prefetchSignedInData(queryClient: QueryClient, params: { region?: string; agentId?: string }): Promise<void> {
  const session = await knownSession();
  if (session.status !== 'signed-in' || !isRegion(params.region)) return;
  const { user } = session;
  await Promise.all([
    queryClient.prefetchQuery(workspacesQuery(user)),
    params.agentId ? queryClient.prefetchQuery(agentQuery(params.region, params.agentId)) : null,
  ]);
}
