// Collapsible side navigation: the route table's pages by group, the Upgrade Plan button (not on agent pages)
// and the light/dark switch.
import { Button, NavLink, ScrollArea, SegmentedControl, Stack, Text, Tooltip, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { appPage, parseAgentPath, routes } from '@parley/core';
import { Link, useLocation } from 'react-router-dom';
import { shouldShowUpgrade } from '../../lib/upgrade-rule';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { WhitelabelTrialBanner } from '../../features/agency/WhitelabelTrialBanner';
import { appRoutes, type NavGroup } from '../route-table';
import { IconAgents, IconArrowUp, IconKey, IconMoon, IconPlug, IconStar, IconSun, IconTool, IconUser } from '../../ui/icons';
import type { ReactNode } from 'react';

const GROUPS: { group: NavGroup; label: string | null; icon: ReactNode }[] = [
  { group: 'agents', label: null, icon: <IconAgents /> },
  { group: 'integrations', label: 'Integrations', icon: <IconPlug /> },
  { group: 'utilities', label: 'Utilities', icon: <IconTool /> },
  { group: 'whitelabel', label: 'Whitelabel', icon: <IconStar /> },
  { group: 'credentials', label: null, icon: <IconKey /> },
  { group: 'account', label: 'Account', icon: <IconUser /> },
];

export function SideNav({ expanded }: { expanded: boolean }) {
  const { region, workspace } = useCurrentWorkspace();
  const { pathname } = useLocation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const onAgentPage = parseAgentPath(pathname) !== null;
  const showUpgrade = !onAgentPage && shouldShowUpgrade(workspace);

  return (
    <Stack h="100%" gap={0} component="nav" aria-label="App navigation">
      <ScrollArea style={{ flex: 1 }} p="xs">
        {GROUPS.map(({ group, label, icon }) => {
          const items = appRoutes.filter((r) => r.nav?.group === group);
          if (items.length === 0) return null;
          return (
            <Stack key={group} gap={2} mb="sm" role="group" aria-label={label ?? items[0]?.nav?.label}>
              {label && expanded && (
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="sm" pt={4}>
                  {label}
                </Text>
              )}
              {items.map((r) => {
                const href = appPage(region, r.path);
                const active = pathname === href || pathname.startsWith(`${href}/`);
                const link = (
                  <NavLink
                    key={r.id}
                    component={Link}
                    to={href}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    label={expanded ? r.nav!.label : <VisuallyHidden>{r.nav!.label}</VisuallyHidden>}
                    leftSection={icon}
                  />
                );
                return expanded ? (
                  link
                ) : (
                  <Tooltip key={r.id} label={r.nav!.label} position="right">
                    {link}
                  </Tooltip>
                );
              })}
            </Stack>
          );
        })}
      </ScrollArea>
      <Stack p="xs" gap="xs">
        <WhitelabelTrialBanner endsAt={workspace.internal?.whitelabelTrialEndsAt} expanded={expanded} />
        {showUpgrade && (
          <Button component={Link} to={routes.billing(region)} variant="gradient" aria-label="Upgrade Plan">
            {expanded ? 'Upgrade Plan' : <IconArrowUp />}
          </Button>
        )}
        {expanded ? (
          <SegmentedControl
            aria-label="Theme"
            value={colorScheme === 'dark' ? 'dark' : 'light'}
            onChange={(v) => setColorScheme(v === 'dark' ? 'dark' : 'light')}
            data={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
            ]}
          />
        ) : (
          <Button
            variant="subtle"
            aria-label={colorScheme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            onClick={() => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark')}
          >
            {colorScheme === 'dark' ? <IconSun /> : <IconMoon />}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
