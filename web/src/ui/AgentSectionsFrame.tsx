// The frame of an agent's page, for the owner's dashboard and the client's alike: the section links (a vertical
// bar that collapses to two letters, or a horizontal strip), an optional tool group (search, tab chooser, test
// toggle) and the section's content.
import { Button, Group, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { AGENT_TABS, routes, SIDEBAR_WIDTH_PX, type Region } from '@parley/core';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

const LABELS: Record<string, string> = Object.fromEntries(AGENT_TABS.map((t) => [t.key, t.label]));
const BORDER = '1px solid var(--mantine-color-default-border)';

export interface AgentSectionsFrameProps {
  region: Region;
  agentId: string;
  /** The sections to link, in order (keys of AGENT_TABS). */
  tabs: readonly string[];
  layout: 'vertical' | 'horizontal';
  /** Controls beside the links (right-aligned). */
  tools?: ReactNode;
  /** On an agency host: the classes the agency's CSS may target (agency-nav, agency-nav-item). */
  branded?: boolean;
  children: ReactNode;
}

export function AgentSectionsFrame({ region, agentId, tabs, layout, tools, branded = false, children }: AgentSectionsFrameProps) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(true);
  const basePath = routes.agentBase(region, agentId);
  const current = pathname.slice(basePath.length + 1).split('/')[0] ?? '';
  const vertical = layout === 'vertical';

  const links = tabs.map((key) => {
    const active = current === key;
    return (
      <Button
        key={key}
        component={Link}
        to={routes.agent(region, agentId, key)}
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="xs"
        aria-current={active ? 'page' : undefined}
        justify={vertical ? 'flex-start' : 'center'}
        fullWidth={vertical}
        className={branded ? 'agency-nav-item' : undefined}
        style={{ flexShrink: 0 }}
      >
        {vertical && !expanded ? LABELS[key]?.slice(0, 2) : LABELS[key]}
      </Button>
    );
  });
  const toolGroup = tools ? (
    <Group justify="flex-end" gap="xs" wrap="nowrap" p={vertical ? 'xs' : undefined}>
      {tools}
    </Group>
  ) : null;

  if (vertical) {
    return (
      <Group align="stretch" gap={0} wrap="nowrap" mih="calc(100vh - 60px)">
        <Stack
          w={expanded ? SIDEBAR_WIDTH_PX.expanded : SIDEBAR_WIDTH_PX.collapsed}
          p="xs"
          gap={4}
          component="nav"
          aria-label="Agent sections"
          className={branded ? 'agency-nav' : undefined}
          style={{ borderRight: BORDER, flexShrink: 0 }}
        >
          <Tooltip label={expanded ? 'Collapse' : 'Expand'}>
            <UnstyledButton onClick={() => setExpanded((v) => !v)} aria-label={expanded ? 'Collapse agent navigation' : 'Expand agent navigation'}>
              {expanded ? '«' : '»'}
            </UnstyledButton>
          </Tooltip>
          {links}
        </Stack>
        <Stack style={{ flex: 1, minWidth: 0 }} gap={0}>
          {toolGroup}
          {children}
        </Stack>
      </Group>
    );
  }

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py={6} wrap="nowrap" style={{ borderBottom: BORDER }} className={branded ? 'agency-nav' : undefined}>
        <ScrollArea type="hover" scrollbarSize={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={4} wrap="nowrap" component="nav" aria-label="Agent sections" w="max-content">
            {links}
          </Group>
        </ScrollArea>
        {toolGroup}
      </Group>
      {children}
    </Stack>
  );
}
