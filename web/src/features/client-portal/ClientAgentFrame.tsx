// An agent inside the client dashboard: its tabs (only those the client may see), vertical (75/250 px) or horizontal
// by the org's dashboardLayout (phones and the agency owner always horizontal), and the section outlet. An agent not
// in the client's widgetIDs is a 404; a section the client may not see returns to its first allowed one.
import { Button, Group, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AGENT_TABS, routes, SIDEBAR_WIDTH_PX, STORAGE_KEYS } from '@parley/core';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { loadAgentIntoDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { navigationLayout, readTabPreferences } from '../../lib/tab-visibility';
import { clientLandingPath, clientTabs, sectionDecision } from './client-nav';
import { usePortal } from './portal-context';

const LABELS: Record<string, string> = Object.fromEntries(AGENT_TABS.map((t) => [t.key, t.label]));

export function ClientAgentFrame() {
  const { agentId = '' } = useParams();
  const { region, agents, access, org, isAdmin } = usePortal();
  const { pathname } = useLocation();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [expanded, setExpanded] = useState(true);
  const agent = access.widgetIDs.includes(agentId) ? agents.find((a) => a.ID === agentId) : undefined;

  // The reused pages read the agent from the draft store, as on the staff dashboard.
  useLayoutEffect(() => {
    if (agent) {
      loadAgentIntoDraft(agent as unknown as AgentDoc, { keepDraft: true });
      localStorage.setItem(STORAGE_KEYS.selectedWidgetId, agent.ID);
    }
  }, [agent]);

  if (!agent) return <Navigate to="/404" replace />;
  const tabs = clientTabs(access, agent, readTabPreferences());
  const layout = navigationLayout({ isStaff: isAdmin, isPhone, dashboardLayout: org?.dashboardLayout });
  const basePath = routes.agentBase(region, agent.ID);
  const current = pathname.slice(basePath.length + 1).split('/')[0] ?? '';

  const links = tabs.map((key) => {
    const active = current === key;
    return (
      <Button
        key={key}
        component={Link}
        to={routes.agent(region, agent.ID, key)}
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="xs"
        aria-current={active ? 'page' : undefined}
        justify={layout === 'vertical' ? 'flex-start' : 'center'}
        fullWidth={layout === 'vertical'}
        className="agency-nav-item"
        style={{ flexShrink: 0 }}
      >
        {layout === 'vertical' && !expanded ? LABELS[key]?.slice(0, 2) : LABELS[key]}
      </Button>
    );
  });

  if (layout === 'vertical') {
    return (
      <Group align="stretch" gap={0} wrap="nowrap" mih="calc(100vh - 60px)">
        <Stack
          w={expanded ? SIDEBAR_WIDTH_PX.expanded : SIDEBAR_WIDTH_PX.collapsed}
          p="xs"
          gap={4}
          component="nav"
          aria-label="Agent sections"
          className="agency-nav"
          style={{ borderRight: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
        >
          <Tooltip label={expanded ? 'Collapse' : 'Expand'}>
            <UnstyledButton onClick={() => setExpanded((v) => !v)} aria-label={expanded ? 'Collapse agent navigation' : 'Expand agent navigation'}>
              {expanded ? '«' : '»'}
            </UnstyledButton>
          </Tooltip>
          {links}
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </Group>
    );
  }
  return (
    <Stack gap={0}>
      <ScrollArea type="hover" scrollbarSize={4} px="md" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} className="agency-nav">
        <Group gap={4} wrap="nowrap" component="nav" aria-label="Agent sections" w="max-content">
          {links}
        </Group>
      </ScrollArea>
      <Outlet />
    </Stack>
  );
}

/** A section page of the agent: shown when the client may see it, else back to the first allowed one. */
export function ClientSection({ section, children }: { section: string; children: ReactNode }) {
  const { agentId = '' } = useParams();
  const { region, agents, access } = usePortal();
  const decision = sectionDecision({ region, client: access, agents, agentId, section, prefs: readTabPreferences() });
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
