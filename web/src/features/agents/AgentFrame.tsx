// The agent page: section navigation (horizontal or vertical), section search, test panel and the section outlet.
import { ActionIcon, Box, Button, Checkbox, Group, Menu, Paper, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AGENT_TABS, DEBUG_PANEL_WIDTH_PX, routes, SIDEBAR_WIDTH_PX } from '@parley/core';
import { useMemo, useState, type ComponentType } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import type { AgentDoc } from '../../lib/agents-data';
import { customisableTabs, navigationLayout, readTabPreferences, setTabHidden, visibleAgentTabs } from '../../lib/tab-visibility';
import { useCurrentWorkspace } from '../../lib/workspace-context';
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
  const { pathname } = useLocation();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [prefs, setPrefs] = useState(readTabPreferences);
  const [searchParams] = useSearchParams();
  const testAvailable = !!TestPanel && !hideTest;
  const [showTest, setShowTest] = useState(() => searchParams.get('showDebugger') === 'true');
  const [expanded, setExpanded] = useState(true);
  const basePath = routes.agentBase(region, agent.ID);
  const ruleInput = { platform: agent.agentPlatform ?? 'vg', enableNodes: !!agent.enableNodes, isStaff: true };
  const tabs = visibleAgentTabs({ ...ruleInput, ...prefs }).filter((k) => sections.includes(k));
  const layout = navigationLayout({ isStaff: true, isPhone });
  const tabKey = tabs.join(',');
  // Recomputed only when the visible tabs change (tabs is a new array every render).
  const searchable = useMemo(() => searchableSections(tabKey.split(',')), [tabKey]);
  const current = pathname.slice(basePath.length + 1).split('/')[0] ?? '';

  const tabLinks = tabs.map((key) => {
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
        style={{ flexShrink: 0 }}
      >
        {layout === 'vertical' && !expanded ? LABELS[key]?.slice(0, 2) : LABELS[key]}
      </Button>
    );
  });

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
    <Button size="xs" variant="outline" onClick={() => setShowTest((v) => !v)} aria-pressed={showTest}>
      {showTest ? 'Hide Test' : 'Show Test'}
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

  if (layout === 'vertical') {
    return (
      <Group align="stretch" gap={0} wrap="nowrap" mih="calc(100vh - 60px)">
        <Stack w={expanded ? SIDEBAR_WIDTH_PX.expanded : SIDEBAR_WIDTH_PX.collapsed} p="xs" gap={4} component="nav" aria-label="Agent sections" style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
          <Tooltip label={expanded ? 'Collapse' : 'Expand'}>
            <UnstyledButton onClick={() => setExpanded((v) => !v)} aria-label={expanded ? 'Collapse agent navigation' : 'Expand agent navigation'}>
              {expanded ? '«' : '»'}
            </UnstyledButton>
          </Tooltip>
          {tabLinks}
        </Stack>
        <Stack style={{ flex: 1 }} gap={0}>
          <Group justify="flex-end" p="xs" gap="xs">
            <SectionSearch sections={searchable} basePath={basePath} />
            {customiser}
            {testToggle}
          </Group>
          {content}
        </Stack>
      </Group>
    );
  }

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py={6} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <ScrollArea type="hover" scrollbarSize={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={4} wrap="nowrap" component="nav" aria-label="Agent sections" w="max-content">
            {tabLinks}
          </Group>
        </ScrollArea>
        <Group gap="xs" wrap="nowrap">
          <SectionSearch sections={searchable} basePath={basePath} />
          {customiser}
          {testToggle}
        </Group>
      </Group>
      {content}
    </Stack>
  );
}
