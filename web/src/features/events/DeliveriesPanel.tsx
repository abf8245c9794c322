// Deliveries: newest first, filtered by type and status; one opened shows its body and every attempt, with Replay.
import { Alert, Badge, Button, Code, Drawer, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsApi, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { TableHeader } from '../../ui/TableHeader';
import { eventKeys, getDelivery, listDeliveries, replayDelivery, type DeliveryFilters } from './events-api';
import { usePagedList } from './use-paged-list';

const STATUS_COLOR = { pending: 'blue', delivered: 'green', failed: 'red' } as const;
const when = (ms: number) => new Date(ms).toLocaleString();

function DeliveryDrawer({ deliveryId, canReplay, onClose }: { deliveryId: string | null; canReplay: boolean; onClose(): void }) {
  const { region, workspace } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const delivery = useQuery({
    queryKey: eventKeys.delivery(region, workspace.uid, deliveryId ?? ''),
    queryFn: () => getDelivery(region, workspace.uid, deliveryId!),
    enabled: !!deliveryId,
  });
  async function replay() {
    setBusy(true);
    try {
      await replayDelivery(region, workspace.uid, deliveryId!);
      notifications.show({ color: 'green', message: 'Delivery replayed', autoClose: TOAST_MS.default });
      void queryClient.invalidateQueries({ queryKey: eventKeys.deliveries(region, workspace.uid) });
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${errorMessage(error)}`, autoClose: TOAST_MS.long });
    } finally {
      setBusy(false);
    }
  }
  const d = delivery.data;
  return (
    <Drawer opened={!!deliveryId} onClose={onClose} position="right" size="lg" title="Delivery">
      {delivery.isError && <Alert color="red">{errorMessage(delivery.error)}</Alert>}
      {d && (
        <Stack gap="sm">
          <Group>
            <Badge color={STATUS_COLOR[d.status]}>{d.status}</Badge>
            <Text fw={600}>{d.type}</Text>
            <Text size="sm" c="dimmed">{d.endpoint}</Text>
          </Group>
          <Text size="sm" c="dimmed">webhook-id {d.id}</Text>
          <Text fw={600}>Payload</Text>
          <Code block aria-label="Payload">{JSON.stringify(JSON.parse(d.body), null, 2)}</Code>
          <Text fw={600}>Attempts</Text>
          <Table aria-label="Attempts">
            <TableHeader columns={['#', 'Time', 'Status', 'Response']} />
            <Table.Tbody>
              {d.attempts.map((a, i) => (
                <Table.Tr key={a.at}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{when(a.at)}</Table.Td>
                  <Table.Td><Badge color={a.ok ? 'green' : 'red'}>{a.status || 'no answer'}</Badge></Table.Td>
                  <Table.Td><Text size="xs" style={{ wordBreak: 'break-all' }}>{a.excerpt}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {d.status === 'pending' && d.nextAttemptAt && <Text size="sm">Next attempt: {when(d.nextAttemptAt)}</Text>}
          {canReplay && <Button onClick={() => void replay()} loading={busy} w="fit-content">Replay</Button>}
        </Stack>
      )}
    </Drawer>
  );
}

export function DeliveriesPanel({ canReplay }: { canReplay: boolean }) {
  const { region, workspace } = useCurrentWorkspace();
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const [open, setOpen] = useState<string | null>(null);
  const list = usePagedList([...eventKeys.deliveries(region, workspace.uid), filters], async (before) => {
    const page = await listDeliveries(region, workspace.uid, filters, before);
    return { items: page.deliveries, more: page.more };
  });
  return (
    <Stack gap="md">
      <Group>
        <Select label="Type" placeholder="All types" clearable data={[...eventsApi.EVENT_TYPE_KEYS, eventsApi.TEST_EVENT_TYPE]} value={filters.type ?? null} onChange={(v) => setFilters((f) => ({ ...f, type: v ?? undefined }))} />
        <Select label="Status" placeholder="All statuses" clearable data={[...eventsApi.EVENT_DELIVERY_STATUSES]} value={filters.status ?? null} onChange={(v) => setFilters((f) => ({ ...f, status: (v as DeliveryFilters['status']) ?? undefined }))} />
        <Button variant="subtle" mt="lg" onClick={() => void list.refetch()}>Refresh</Button>
      </Group>
      {list.isError && <Alert color="red">Could not load the deliveries: {errorMessage(list.error)}</Alert>}
      {list.isSuccess && list.items.length === 0 && <Text c="dimmed">No deliveries yet.</Text>}
      {list.items.length > 0 && (
        <Table aria-label="Deliveries" highlightOnHover>
          <TableHeader columns={['Time', 'Type', 'Status', 'Last answer', 'Attempts']} />
          <Table.Tbody>
            {list.items.map((d) => (
              <Table.Tr key={d.id} onClick={() => setOpen(d.id)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => setOpen(d.id)} aria-label={`Open delivery ${d.type} ${when(d.createdAt)}`}>{when(d.createdAt)}</Button>
                </Table.Td>
                <Table.Td>{d.type}</Table.Td>
                <Table.Td><Badge color={STATUS_COLOR[d.status]}>{d.status}</Badge></Table.Td>
                <Table.Td>{d.lastStatus ?? '—'}</Table.Td>
                <Table.Td>{d.attemptCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.hasNextPage && <Button variant="light" w="fit-content" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>Load more</Button>}
      <DeliveryDrawer deliveryId={open} canReplay={canReplay} onClose={() => setOpen(null)} />
    </Stack>
  );
}
