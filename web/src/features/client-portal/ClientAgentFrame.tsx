// An agent inside the client dashboard: its tabs (only those the client may see), vertical (75/250 px) or horizontal
// by the org's dashboardLayout (phones and the agency owner always horizontal), and the section outlet. An agent not
// in the client's widgetIDs is a 404; a section the client may not see returns to its first allowed one.
import { useMediaQuery } from '@mantine/hooks';
import { STORAGE_KEYS } from '@parley/core';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import { loadAgentIntoDraft, useAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { navigationLayout, readTabPreferences } from '../../lib/tab-visibility';
import { AgentSectionsFrame } from '../../ui/AgentSectionsFrame';
import { clientLandingPath, clientTabs, sectionDecision, type ClientNavAgent } from './client-nav';
import { usePortal } from './portal-context';

/**
 * The client's agents with this agent's mode (enableNodes) from its draft: turning the flow on in the Prompt shows
 * the Canvas at once, before the save, as on the agency's own dashboard.
 */
function useDraftMode<A extends ClientNavAgent>(agents: readonly A[], agentId: string): readonly A[] {
  const draftNodes = useAgentDraft(agentId)?.draft.enableNodes;
  return useMemo(
    () => (draftNodes === undefined ? agents : agents.map((a) => (a.ID === agentId ? { ...a, enableNodes: draftNodes === true } : a))),
    [agents, agentId, draftNodes],
  );
}

export function ClientAgentFrame() {
  const { agentId = '' } = useParams();
  const { region, agents, access, org, isAdmin } = usePortal();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const agent = access.widgetIDs.includes(agentId) ? agents.find((a) => a.ID === agentId) : undefined;

  // The reused pages read the agent from the draft store, as on the staff dashboard.
  useLayoutEffect(() => {
    if (agent) {
      loadAgentIntoDraft(agent as unknown as AgentDoc, { keepDraft: true });
      localStorage.setItem(STORAGE_KEYS.selectedWidgetId, agent.ID);
    }
  }, [agent]);

  const shown = useDraftMode(agents, agentId).find((a) => a.ID === agentId);
  if (!agent || !shown) return <Navigate to="/404" replace />;
  const tabs = clientTabs(access, shown, readTabPreferences());
  const layout = navigationLayout({ isStaff: isAdmin, isPhone, dashboardLayout: org?.dashboardLayout });
  return (
    <AgentSectionsFrame region={region} agentId={agent.ID} tabs={tabs} layout={layout} branded>
      <Outlet />
    </AgentSectionsFrame>
  );
}

/** A section page of the agent: shown when the client may see it, else back to the first allowed one. */
export function ClientSection({ section, children }: { section: string; children: ReactNode }) {
  const { agentId = '' } = useParams();
  const { region, agents, access } = usePortal();
  const decision = sectionDecision({ region, client: access, agents: useDraftMode(agents, agentId), agentId, section, prefs: readTabPreferences() });
  if (decision.kind === 'not-found') return <Navigate to="/404" replace />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}

/** Any other URL of the dashboard: the client's first allowed page. */
export function ClientDefaultRedirect() {
  const { agentId } = useParams();
  const { region, agents, access } = usePortal();
  const to = clientLandingPath({ region, client: access, agents, agentId, prefs: readTabPreferences() });
  // Nothing to land on: the dashboard shows its access-denied modal.
  return to ? <Navigate to={to} replace /> : null;
}
