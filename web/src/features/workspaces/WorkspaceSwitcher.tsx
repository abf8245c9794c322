// Top-bar menu of every workspace the user owns or is a member of, in both regions.
import { Badge, Button, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { routes, WORKSPACE_NAME_TRUNCATE } from '@parley/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NewWorkspaceModal } from './NewWorkspaceModal';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { IconChevronDown } from '../../ui/icons';
import type { WorkspaceRecord } from '../../lib/workspace-data';

export function truncateName(name: string, max: number = WORKSPACE_NAME_TRUNCATE.short): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

function label(ws: WorkspaceRecord): string {
  return ws.workspaceName || ws.email || 'Untitled workspace';
}

export function WorkspaceSwitcher() {
  const current = useCurrentWorkspace();
  const { workspace, workspaces, region } = current;
  const [creating, setCreating] = useState(false);
  return (
    <>
    <Menu position="bottom-start" width={300} shadow="md">
      <Menu.Target>
        {/* Named by its content: the full name for assistive technology, its shortened form on screen. */}
        <Button variant="subtle" rightSection={<IconChevronDown />}>
          <Group gap={6} wrap="nowrap">
            <VisuallyHidden>Workspace: {label(workspace)}</VisuallyHidden>
            <Text fw={600} size="sm" aria-hidden>
              {truncateName(label(workspace))}
            </Text>
            <Badge size="xs" variant="light">
              {region.toUpperCase()}
            </Badge>
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Workspaces">
        <Menu.Label>Workspaces</Menu.Label>
        {workspaces.map((ws) => {
          const active = ws.uid === workspace.uid && ws.region === workspace.region;
          return (
            <Menu.Item
              key={`${ws.region}:${ws.uid}`}
              onClick={() => !active && current.switchWorkspace(ws)}
              aria-current={active ? 'true' : undefined}
              rightSection={
                <Badge size="xs" variant={active ? 'filled' : 'light'}>
                  {ws.region.toUpperCase()}
                </Badge>
              }
            >
              {truncateName(label(ws), WORKSPACE_NAME_TRUNCATE.long)}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item component={Link} to={routes.workspace(region)}>
          Workspace settings
        </Menu.Item>
        <Menu.Item onClick={() => setCreating(true)}>New workspace</Menu.Item>
      </Menu.Dropdown>
    </Menu>
    <NewWorkspaceModal
      opened={creating}
      onClose={() => setCreating(false)}
      defaultRegion={region}
      onCreated={async (ws) => {
        setCreating(false);
        await current.refresh();
        current.switchWorkspace({ uid: ws.uid, region: ws.region, workspaceName: ws.workspaceName });
      }}
    />
    </>
  );
}
