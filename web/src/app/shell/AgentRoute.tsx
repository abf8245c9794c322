// /app/{region}/agents/{agentId}: loads the agent, redirects wrong-region and unknown agents, then the agent frame.
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_AGENT_SECTION, pathInOtherRegion, routes, STORAGE_KEYS, TOAST_MS } from '@parley/core';
import { useEffect, useLayoutEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { AgentFrame } from '../../features/agents';
import { TestDebugger, useIsAgencyUser } from '../../features/debugger';
import { AGENT_NOT_FOUND, agentQuery, mayOpenAgent } from '../../lib/agents-data';
import { loadAgentIntoDraft } from '../../lib/agent-draft';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { isPermissionDenied } from '../../lib/workspace-data';
import { notifications } from '@mantine/notifications';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { agentSections } from '../route-table';

export function AgentRoute() {
  const { agentId = '' } = useParams();
  const current = useCurrentWorkspace();
  const { region } = current;
  const location = useLocation();
  const agencyUser = useIsAgencyUser();
  const lookup = useQuery(agentQuery(region, agentId));
  const readable = lookup.data?.kind === 'found' ? lookup.data.agent : null;
  // Another workspace's agent (unreadable, or readable but not ours): notice, then back to the list.
  const forbidden =
    (lookup.isError && isPermissionDenied(lookup.error)) ||
    (!!readable && !mayOpenAgent(readable, current));
  const found = forbidden ? null : readable;
  useEffect(() => {
    if (forbidden) notifications.show({ color: 'red', message: AGENT_NOT_FOUND, autoClose: TOAST_MS.medium });
  }, [forbidden]);

  // Before the first paint: the agent's pages render with its draft in the same frame as the frame itself.
  useLayoutEffect(() => {
    if (found) {
      loadAgentIntoDraft(found, { keepDraft: true });
      localStorage.setItem(STORAGE_KEYS.selectedWidgetId, found.ID);
    }
  }, [found]);

  if (lookup.isPending) return <FullPageLoader label="Loading agent…" />;
  if (forbidden) return <Navigate to={routes.widgets(region)} replace />;
  if (lookup.isError) return <ErrorFallback onRetry={() => void lookup.refetch()} />;
  if (lookup.data.kind === 'missing') return <Navigate to="/404" replace />;
  if (lookup.data.kind === 'other-region') {
    return <Navigate to={pathInOtherRegion(location.pathname) + location.search} replace />;
  }
  return <AgentFrame agent={lookup.data.agent} sections={agentSections.map((s) => s.key)} TestPanel={TestDebugger} hideTest={agencyUser} />;
}

/** The agent page without a section opens its default section. */
export function DefaultSectionRedirect() {
  return <Navigate to={DEFAULT_AGENT_SECTION} replace />;
}

/** An unknown section of the agent page opens the default one. */
export function UnknownSectionRedirect() {
  return <Navigate to={`../${DEFAULT_AGENT_SECTION}`} replace />;
}
