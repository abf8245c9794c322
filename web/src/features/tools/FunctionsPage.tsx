// /app/{region}/integrations — Functions: the workspace's tools in this region, the agents using each, and
// create, edit, delete and test.
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { RemoveButton } from '../../ui/RemoveButton';
import { TableHeader } from '../../ui/TableHeader';
import { TestToolPanel } from './TestToolPanel';
import { ToolDrawer } from './ToolDrawer';
import { deleteTool, listTools, saveTool, toolKeys, type ToolView } from './tools-api';
import { RowActions } from '../../ui/RowActions';

export default function FunctionsPage() {
  const { region, workspace } = useCurrentWorkspace();
  const workspaceId = workspace.uid;
  const queryClient = useQueryClient();
  const key = toolKeys.list(region, workspaceId);
  const tools = useQuery({ queryKey: key, queryFn: () => listTools(region, workspaceId) });
  const [editing, setEditing] = useState<{ tool?: ToolView } | null>(null);
  const [testing, setTesting] = useState<ToolView | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  async function remove(tool: ToolView) {
    if (!window.confirm(`Delete ${tool.name}? Agents using it will no longer have it.`)) return;
    setRemoving(tool.id);
    try {
      await deleteTool(region, workspaceId, tool.id);
      notifications.show({ color: 'green', message: 'Function deleted', autoClose: TOAST_MS.default });
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${errorMessage(error)}`, autoClose: TOAST_MS.long });
    } finally {
      setRemoving(null);
      refresh();
    }
  }

  return (
    <Stack p="md" gap="md" maw={1100}>
      <Title order={1} size="h2">
        Functions
      </Title>
      <Text c="dimmed">HTTP endpoints your agents can call during a conversation: look up an order, find a free slot, find a customer.</Text>
      <Group>
        <Button onClick={() => setEditing({})}>New function</Button>
      </Group>
      {tools.isError && <Alert color="red">Could not load the functions: {errorMessage(tools.error)}</Alert>}
      {tools.data?.length === 0 && <Text c="dimmed">No functions yet.</Text>}
      {tools.data && tools.data.length > 0 && (
        <Table aria-label="Functions" verticalSpacing="xs">
          <TableHeader columns={['Name', 'Endpoint', 'Used by', '']} />
          <Table.Tbody>
            {tools.data.map((tool) => (
              <Table.Tr key={tool.id}>
                <Table.Td>
                  <Text fw={500}>{tool.name}</Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>{tool.description}</Text>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Group gap={6}>
                    <Badge variant="light">{tool.method}</Badge>
                    <Text size="sm">{tool.serverUrl}</Text>
                  </Group>
                  {tool.hasSecret && <Text size="xs" c="dimmed">Secret saved</Text>}
                </Table.Td>
                <Table.Td>{tool.agents.length === 0 ? <Text size="sm" c="dimmed">No agent</Text> : tool.agents.map((a) => a.title || a.agentId).join(', ')}</Table.Td>
                <RowActions>
                  <Button size="xs" variant="default" aria-label={`Test ${tool.name}`} onClick={() => setTesting(tool)}>Test</Button>
                  <Button size="xs" variant="default" aria-label={`Edit ${tool.name}`} onClick={() => setEditing({ tool })}>Edit</Button>
                  <RemoveButton name={tool.name} loading={removing === tool.id} onClick={() => void remove(tool)} />
                </RowActions>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ToolDrawer
        opened={editing !== null}
        tool={editing?.tool}
        onClose={() => setEditing(null)}
        onSave={async (input) => {
          await saveTool(region, workspaceId, input);
          notifications.show({ color: 'green', message: 'Function saved', autoClose: TOAST_MS.default });
          refresh();
        }}
      />
      <TestToolPanel region={region} workspaceId={workspaceId} tool={testing} onClose={() => setTesting(null)} />
    </Stack>
  );
}
