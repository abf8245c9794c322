// Top bar: navigation toggle, workspace switcher, agent switcher, Demo link, Publish, notifications, profile.
import { ActionIcon, Anchor, Avatar, Burger, Group, Menu } from '@mantine/core';
import { routes } from '@parley/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAgentIdFromPath } from '../../lib/route-params';
import { AgentSwitcher, PublishControls } from '../../features/agents';
import { NotificationsBell } from '../../features/notifications';
import { WorkspaceSwitcher } from '../../features/workspaces';
import { useSignOut } from '../../lib/session';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { Logo } from '../../ui/Logo';
import { notifications } from '@mantine/notifications';

// The channels' setup modals open from the agent action menu; their code loads on first use.
const LazyChannelDialog = lazy(() => import('../../features/channels').then((m) => ({ default: m.ChannelDialog })));
function ChannelDialog(props: ComponentProps<typeof LazyChannelDialog>) {
  if (props.channel === null) return null;
  return (
    <Suspense fallback={null}>
      <LazyChannelDialog {...props} />
    </Suspense>
  );
}

export function TopBar({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }) {
  const { region, user } = useCurrentWorkspace();
  const agentId = useAgentIdFromPath();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const demoHref = routes.prototype(region, agentId);
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger opened={navOpen} onClick={onToggleNav} size="sm" aria-label={navOpen ? 'Collapse navigation' : 'Expand navigation'} />
        <Anchor component={Link} to={routes.agents(region)} aria-label="Agents home">
          <Logo compact />
        </Anchor>
        <WorkspaceSwitcher />
        <AgentSwitcher />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={demoHref} size="sm">
          Demo
        </Anchor>
        {agentId && <PublishControls agentId={agentId} ChannelDialog={ChannelDialog} />}
        <NotificationsBell />
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" radius="xl" size="lg" aria-label="Profile menu">
              <Avatar src={user.photoURL} size={30} radius="xl" alt="">
                {(user.email ?? '?').slice(0, 1).toUpperCase()}
              </Avatar>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{user.email}</Menu.Label>
            <Menu.Item component={Link} to={routes.workspace(region)}>
              Account
            </Menu.Item>
            <Menu.Item
              color="red"
              onClick={async () => {
                try {
                  await signOut();
                  notifications.show({ color: 'green', message: 'Signed out successfully', autoClose: 2000 });
                  navigate('/login', { replace: true });
                } catch {
                  notifications.show({ color: 'red', title: 'Error Occured', message: 'An error occurred during sign in/out' });
                }
              }}
            >
              Log Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
