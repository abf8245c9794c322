// /app/{region}/agents: the workspace's agents, newest first.
import { Avatar, Button, Card, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { routes, type Region } from '@parley/core';
import { Link } from 'react-router-dom';
import { useWorkspaceAgents } from '../../lib/agents-data';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { ErrorFallback } from '../../ui/ErrorFallback';
import type { ComponentType } from 'react';

function formatModified(lastModified: number | undefined): string {
  if (!lastModified) return 'Never published';
  const ms = lastModified > 1e12 ? lastModified : lastModified * 1000;
  return `Last modified ${new Date(ms).toLocaleString()}`;
}

/** The New Agent drawer's content, supplied by the app (features do not import each other). */
export type NewAgentFormComponent = ComponentType<{ region: Region; signedIn: boolean; onCreated: () => void }>;

export default function AgentsListPage({ NewAgentForm }: { NewAgentForm?: NewAgentFormComponent }) {
  const { region, user } = useCurrentWorkspace();
  const agents = useWorkspaceAgents();
  const [drawerOpen, drawer] = useDisclosure(false);

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Agents
        </Title>
        <Button onClick={drawer.open}>New Agent</Button>
      </Group>
      {agents.isLoading && <FullPageLoader label="Loading agents…" />}
      {agents.error && <ErrorFallback onRetry={agents.retry} />}
      {agents.data && agents.data.length === 0 && (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <Title order={2} size="h4">
              No agents yet
            </Title>
            <Text c="dimmed" ta="center">
              Create your first agent to answer questions on your website, WhatsApp, Messenger and the phone.
            </Text>
            <Button onClick={drawer.open}>New Agent</Button>
          </Stack>
        </Card>
      )}
      {agents.data && agents.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }} aria-label="Agents">
          {agents.data.map((agent) => (
            <Card key={agent.ID} withBorder padding="lg" component="li">
              <Group wrap="nowrap" align="flex-start">
                <Avatar src={agent.roundedImageURL} radius="xl" alt="">
                  {(agent.title || '?').slice(0, 1)}
                </Avatar>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text component={Link} to={routes.agent(region, agent.ID)} fw={600} c="var(--mantine-color-anchor)">
                    {agent.title || 'Untitled agent'}
                  </Text>
                  {agent.description && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {agent.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatModified(agent.lastModified)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Drawer opened={drawerOpen} onClose={drawer.close} title="New Agent" position="right" size="md">
        {NewAgentForm ? <NewAgentForm region={region} signedIn={!!user} onCreated={drawer.close} /> : <Text>Agent creation is not available.</Text>}
      </Drawer>
    </Stack>
  );
}
