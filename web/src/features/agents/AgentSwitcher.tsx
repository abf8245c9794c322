// Top-bar agent switcher: agents sorted by last modified; switching keeps the current sub-path.
import { Button, Menu, ScrollArea, Text, VisuallyHidden } from '@mantine/core';
import { AGENT_LIST_WIDTH_PX, agentSwitchPath, parseAgentPath, STORAGE_KEYS } from '@parley/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { useWorkspaceAgents } from '../../lib/agents-data';
import { useAgentIdFromPath } from '../../lib/route-params';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { IconChevronDown } from '../../ui/icons';

export function AgentSwitcher() {
  const { region } = useCurrentWorkspace();
  const agentId = useAgentIdFromPath();
  const location = useLocation();
  const navigate = useNavigate();
  const agents = useWorkspaceAgents();
  const current = agents.data?.find((a) => a.ID === agentId);
  if (!agents.data || agents.data.length === 0) return null;
  return (
    <Menu position="bottom-start" width={AGENT_LIST_WIDTH_PX} shadow="md">
      <Menu.Target>
        {/* Named by its visible text (what a voice user says), after a prefix that says what it switches. */}
        <Button variant="subtle" color="gray" rightSection={<IconChevronDown />}>
          <Text size="sm" truncate maw={180}>
            {current ? <VisuallyHidden>Agent: </VisuallyHidden> : null}
            {current ? current.title || 'Untitled agent' : 'Choose an agent'}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Agents">
        <ScrollArea.Autosize mah={360}>
          {agents.data.map((agent) => (
            <Menu.Item
              key={agent.ID}
              aria-current={agent.ID === agentId ? 'true' : undefined}
              onClick={() => {
                localStorage.setItem(STORAGE_KEYS.selectedWidgetId, agent.ID);
                // The sub-path (and its query, e.g. ?tab=) is kept when switching agents.
                const keepsSubPath = !!parseAgentPath(location.pathname)?.subpath;
                navigate(agentSwitchPath({ region, agentId: agent.ID, currentPath: location.pathname }) + (keepsSubPath ? location.search : ''));
              }}
            >
              {agent.title || 'Untitled agent'}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
