// The agent page: section navigation (horizontal or vertical), section search, test panel and the section outlet.
import { ActionIcon, Box, Button, Checkbox, Group, Menu, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AGENT_TABS, canSwitchAgentView, DEBUG_PANEL_WIDTH_PX, routes } from '@parley/core';
import { useMemo, useState, type ComponentType } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { customisableTabs, navigationLayout, readTabPreferences, setTabHidden, visibleAgentTabs } from '../../lib/tab-visibility';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { AgentSectionsFrame } from '../../ui/AgentSectionsFrame';
import { IconDots } from '../../ui/icons';
import { SectionSearch } from './SectionSearch';
import { searchableSections } from './searchable-sections';

const LABELS: Record<string, string> = Object.fromEntries(AGENT_TABS.map((t) => [t.key, t.label]));

export interface AgentFrameProps {
  agent: AgentDoc;
  sections: readonly string[];
  /** The test debugger panel (composed by the app shell); omitted or hidden = no Show Test button. */
  TestPanel?: ComponentType<{ agent: AgentDoc }>;
  hideTest?: boolean;
}

export function AgentFrame({ agent, sections, TestPanel, hideTest = false }: AgentFrameProps) {
  const { region } = useCurrentWorkspace();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [prefs, setPrefs] = useState(readTabPreferences);
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  // The draft decides what the page shows, so turning nodes on or off shows its tabs at once.
  const draft = useAgentDraft(agent.ID)?.draft ?? agent;
  const testAvailable = !!TestPanel && !hideTest;
  const basePath = routes.agentBase(region, agent.ID);
  const section = pathname.startsWith(`${basePath}/`) ? (pathname.slice(basePath.length + 1).split('/')[0] ?? '') : '';
  // The Prompt page has the test debugger beside it until the user hides it; elsewhere it opens on request.
  const [testChoice, setTestChoice] = useState<boolean | null>(() => (searchParams.get('showDebugger') === 'true' ? true : null));
  const showTest = testChoice ?? section === 'nodes';
  const ruleInput = { platform: draft.agentPlatform ?? 'vg', enableNodes: !!draft.enableNodes, isStaff: true };
  const tabs = visibleAgentTabs({ ...ruleInput, ...prefs }).filter((k) => sections.includes(k));
  const layout = navigationLayout({ isStaff: true, isPhone });
  const tabKey = tabs.join(',');
  // Recomputed only when the visible tabs change (tabs is a new array every render).
  const searchable = useMemo(() => searchableSections(tabKey.split(',')), [tabKey]);

  const customiser = (
    <Menu closeOnItemClick={false} position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label="Choose visible tabs">
          <IconDots />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Visible tabs</Menu.Label>
        {customisableTabs(ruleInput).map((key) => (
          <Menu.Item key={key}>
            <Checkbox
              label={LABELS[key]}
              checked={tabs.includes(key)}
              onChange={(e) => setPrefs(setTabHidden(key, !e.currentTarget.checked))}
            />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  const testToggle = !testAvailable ? null : (
    <Button size="xs" variant="outline" onClick={() => setTestChoice(!showTest)} aria-pressed={showTest}>
      {showTest ? 'Hide Test' : 'Show Test'}
    </Button>
  );

  // With nodes on and nothing but a start (and notes), the Prompt and Canvas views show the same agent: one button
  // moves between them.
  const onCanvas = section === 'prompt';
  const viewSwitch = !canSwitchAgentView(draft) ? null : (
    <Button size="xs" variant="light" component={Link} to={routes.agent(region, agent.ID, onCanvas ? 'nodes' : 'prompt')}>
      {onCanvas ? 'Switch to Prompt View' : 'Switch to Canvas View'}
    </Button>
  );

  const content = (
    <Group align="stretch" gap={0} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
      {showTest && testAvailable && TestPanel && (
        <Paper withBorder w={DEBUG_PANEL_WIDTH_PX} p="md" radius={0} component="aside" aria-label="Test your agent" style={{ flexShrink: 0 }}>
          <TestPanel agent={agent} />
        </Paper>
      )}
    </Group>
  );

  return (
    <AgentSectionsFrame
      region={region}
      agentId={agent.ID}
      tabs={tabs}
      layout={layout}
      tools={
        <>
          <SectionSearch sections={searchable} basePath={basePath} />
          {customiser}
          {viewSwitch}
          {testToggle}
        </>
      }
    >
      {content}
    </AgentSectionsFrame>
  );
}
