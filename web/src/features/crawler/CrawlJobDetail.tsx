// One job: its run history (what each run added, updated, left unchanged, removed and failed, and the failed pages
// with our sentence) and the pages it holds in the agent's knowledge base. Asked again while the job runs.
import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { crawlerKeys, getJob, RUNNING_POLL_MS, type CrawlRun } from './crawler-api';

const when = (ms: number | null) => (ms ? new Date(ms).toLocaleString() : '—');
const STATUS_COLOR: Record<CrawlRun['status'], string> = { running: 'blue', done: 'green', failed: 'red' };
const TRIGGER_LABEL: Record<CrawlRun['trigger'], string> = { first: 'First crawl', manual: 'Refresh now', scheduled: 'Scheduled' };

export function CrawlJobDetail({ jobId }: { jobId: string }) {
  const { region, workspace } = useCurrentWorkspace();
  const detail = useQuery({
    queryKey: crawlerKeys.job(region, workspace.uid, jobId),
    queryFn: () => getJob(region, workspace.uid, jobId),
    refetchInterval: (query) => (query.state.data?.job.running ? RUNNING_POLL_MS : false),
  });
  if (detail.isError) return <Alert color="red" role="alert">{errorMessage(detail.error, 'The job could not be loaded.')}</Alert>;
  if (!detail.data) return <Text c="dimmed">Loading…</Text>;
  const { job, runs, pages } = detail.data;
  return (
    <Stack gap="md">
      <Text size="sm">Pages go to <b>{job.agentTitle || job.agentId}</b>’s knowledge base, one source per page. Next scheduled run: {when(job.nextRunAt)}.</Text>
      <Title order={3} size="h4">Runs</Title>
      {runs.length === 0 ? <Text c="dimmed">No run yet.</Text> : (
        <Table aria-label="Runs" striped>
          <Table.Thead>
            <Table.Tr><Table.Th>Started</Table.Th><Table.Th>Trigger</Table.Th><Table.Th>Status</Table.Th><Table.Th>Added</Table.Th><Table.Th>Updated</Table.Th><Table.Th>Unchanged</Table.Th><Table.Th>Removed</Table.Th><Table.Th>Failed</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>{when(run.startedAt)}</Table.Td>
                <Table.Td>{TRIGGER_LABEL[run.trigger]}</Table.Td>
                <Table.Td><Badge color={STATUS_COLOR[run.status]} variant="light">{run.status}</Badge></Table.Td>
                <Table.Td>{run.added}</Table.Td>
                <Table.Td>{run.updated}</Table.Td>
                <Table.Td>{run.unchanged}</Table.Td>
                <Table.Td>{run.removed}</Table.Td>
                <Table.Td>{run.failed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {runs[0]?.message ? <Alert color={runs[0].status === 'failed' ? 'red' : 'yellow'}>{runs[0].message}</Alert> : null}
      {runs[0] && runs[0].errors.length > 0 ? (
        <List size="sm" aria-label="Pages that failed in the last run">
          {runs[0].errors.map((e) => <List.Item key={e.url}><Text span size="sm" ff="monospace">{e.url}</Text>: {e.message}</List.Item>)}
        </List>
      ) : null}
      <Group justify="space-between"><Title order={3} size="h4">Pages</Title><Text size="sm" c="dimmed">{job.pageCount} in the knowledge base</Text></Group>
      {pages.length === 0 ? <Text c="dimmed">No page yet.</Text> : (
        <List size="sm" aria-label="Pages">
          {pages.map((p) => <List.Item key={p.url}>{p.url}</List.Item>)}
        </List>
      )}
    </Stack>
  );
}
