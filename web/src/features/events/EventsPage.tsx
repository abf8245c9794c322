// /app/{region}/events — Events: the endpoint the workspace's events go to (owner edits, members read), its
// deliveries with every attempt, and the workspace's logs.
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { DeliveriesPanel } from './DeliveriesPanel';
import { EndpointPanel } from './EndpointPanel';
import { eventKeys, getEventsSettings } from './events-api';
import { EventTypesDoc } from './EventTypesDoc';
import { LogsPanel } from './LogsPanel';

export default function EventsPage() {
  const { region, workspace, user } = useCurrentWorkspace();
  const isOwner = workspace.uid === user.uid || workspace.ownerId === user.uid;
  const settings = useQuery({ queryKey: eventKeys.settings(region, workspace.uid), queryFn: () => getEventsSettings(region, workspace.uid) });
  return (
    <Stack p="md" gap="md" maw={1100}>
      <Title order={1} size="h2">Events</Title>
      <Text c="dimmed">Send what happens in your workspace to your own systems (a CRM, an automation), signed, retried, with every attempt recorded.</Text>
      <Tabs defaultValue="endpoint" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="endpoint">Endpoint</Tabs.Tab>
          <Tabs.Tab value="deliveries">Deliveries</Tabs.Tab>
          <Tabs.Tab value="logs">Logs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="endpoint" pt="md">
          <Stack gap="xl">
            {settings.isError && <Alert color="red">Could not load the events settings: {errorMessage(settings.error)}</Alert>}
            {settings.data && <EndpointPanel settings={settings.data} canEdit={isOwner} />}
            <EventTypesDoc />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="deliveries" pt="md">
          <DeliveriesPanel canReplay={isOwner} />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          <LogsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
