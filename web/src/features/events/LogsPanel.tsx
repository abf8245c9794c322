// The workspace's logs: newest first, filtered by type, agent and channel, in pages.
import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { logsApi } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { TableHeader } from '../../ui/TableHeader';
import { eventKeys, listLogs, type LogFilters } from './events-api';
import { usePagedList } from './use-paged-list';

const TYPE_COLOR = { info: 'blue', warning: 'yellow', error: 'red' } as const;

export function LogsPanel() {
  const { region, workspace } = useCurrentWorkspace();
  const [filters, setFilters] = useState<LogFilters>({});
  const list = usePagedList([...eventKeys.logs(region, workspace.uid), filters], async (before) => {
    const page = await listLogs(region, workspace.uid, filters, before);
    return { items: page.logs, more: page.more };
  });
  return (
    <Stack gap="md">
      <Group align="end">
        <Select label="Log type" placeholder="All types" clearable data={[...logsApi.LOG_TYPES]} value={filters.type ?? null} onChange={(v) => setFilters((f) => ({ ...f, type: (v as LogFilters['type']) ?? undefined }))} />
        <TextInput label="Agent ID" placeholder="Any agent" defaultValue="" onBlur={(e) => setFilters((f) => ({ ...f, agentId: e.currentTarget.value.trim() || undefined }))} />
        <TextInput label="Channel" placeholder="Any channel" defaultValue="" onBlur={(e) => setFilters((f) => ({ ...f, channel: e.currentTarget.value.trim() || undefined }))} />
        <Button variant="subtle" onClick={() => void list.refetch()}>Refresh</Button>
      </Group>
      {list.isError && <Alert color="red">Could not load the logs: {errorMessage(list.error)}</Alert>}
      {list.isSuccess && list.items.length === 0 && <Text c="dimmed">No logs.</Text>}
      {list.items.length > 0 && (
        <Table aria-label="Logs">
          <TableHeader columns={['Time', 'Type', 'Agent', 'Channel', 'Content']} />
          <Table.Tbody>
            {list.items.map((log) => (
              <Table.Tr key={log.id}>
                <Table.Td>{new Date(log.createdAt).toLocaleString()}</Table.Td>
                <Table.Td><Badge color={TYPE_COLOR[log.type]}>{log.type}</Badge></Table.Td>
                <Table.Td>{log.agentId || '—'}</Table.Td>
                <Table.Td>{log.channel || '—'}</Table.Td>
                <Table.Td><Text size="sm" title={log.metadata}>{log.content}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.hasNextPage && <Button variant="light" w="fit-content" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>Load more</Button>}
    </Stack>
  );
}
