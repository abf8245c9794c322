// /app/{region}/agents/{agentId}/tools — the agent's tools: assign the workspace's functions and see each one's
// parameters. (The tab is hidden when nodes are enabled: a flow chooses tools per step.) Agency clients see what
// the agent has, read-only.
import { Alert, Anchor, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, TOAST_MS } from '@parley/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { ToolParameters } from './ToolParameters';
import { listAgentTools, setAgentTools, toolKeys } from './tools-api';

export default function AgentToolsPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const key = toolKeys.agent(region, agentId);
  const data = useQuery({ queryKey: key, queryFn: () => listAgentTools(region, agentId) });
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (data.data) setChosen(data.data.assignedToolsIds);
  }, [data.data]);
  const save = useMutation({
    mutationFn: () => setAgentTools(region, agentId, chosen),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Tools saved', autoClose: TOAST_MS.default });
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['tools', region] });
    },
  });
  const changed = !!data.data && [...chosen].sort().join() !== [...data.data.assignedToolsIds].sort().join();
  const canEdit = data.data?.canEdit ?? false;

  return (
    <Stack p="md" gap="md" maw={960}>
      <Title order={1} size="h2">
        Tools
      </Title>
      <Text c="dimmed">Functions this agent may call during a conversation. The agent decides when from each function’s description.</Text>
      {data.isError && <Alert color="red">Could not load the tools: {errorMessage(data.error)}</Alert>}
      {data.data?.tools.length === 0 && (
        <Text c="dimmed">
          {canEdit ? (
            <>
              No functions yet. <Anchor component={Link} to={routes.integrations(region)}>Create one on the Functions page</Anchor>.
            </>
          ) : (
            'This agent has no tools.'
          )}
        </Text>
      )}
      {data.data?.tools.map((tool) => (
        <Card key={tool.id} withBorder padding="sm">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start">
              <div>
                <Text fw={500}>{tool.name}</Text>
                <Text size="sm" c="dimmed">{tool.description}</Text>
                <Text size="xs" c="dimmed">{tool.method} {tool.serverUrl}</Text>
              </div>
              <Checkbox
                label={`Assign ${tool.name}`}
                checked={chosen.includes(tool.id)}
                disabled={!canEdit}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setChosen((ids) => (on ? [...ids, tool.id] : ids.filter((id) => id !== tool.id)));
                }}
              />
            </Group>
            <ToolParameters name={tool.name} fields={tool.fields} />
          </Stack>
        </Card>
      ))}
      {save.isError && <Alert color="red" role="alert">{errorMessage(save.error)}</Alert>}
      {canEdit && (
        <Group>
          <Button onClick={() => save.mutate()} disabled={!changed} loading={save.isPending}>
            Save tools
          </Button>
        </Group>
      )}
    </Stack>
  );
}
