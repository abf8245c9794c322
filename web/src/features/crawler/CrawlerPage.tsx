// /app/{region}/automations — the Crawler: crawl jobs that read a website into an agent's knowledge base and keep
// it fresh (only changed pages are read again and use credits). Members manage jobs; the list is asked again while
// a job runs.
import { Alert, Badge, Button, Drawer, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { useWorkspaceAgents } from '../../lib/agents-data';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { DialogActions } from '../../ui/DialogActions';
import { Heading } from '../../ui/Heading';
import { CrawlJobDetail } from './CrawlJobDetail';
import { CrawlJobForm } from './CrawlJobForm';
import { crawlerKeys, deleteJob, listJobs, runJob, RUNNING_POLL_MS, runSummary, saveJob, type CrawlJob } from './crawler-api';
import { RowActions } from '../../ui/RowActions';

const when = (ms: number | null) => (ms ? new Date(ms).toLocaleString() : '—');

function JobStatus({ job }: { job: CrawlJob }) {
  if (job.running) return <Badge color="blue" variant="light">Running</Badge>;
  if (!job.lastRun) return <Badge color="gray" variant="light">Waiting</Badge>;
  return (
    <Stack gap={2}>
      <Badge color={job.lastRun.status === 'failed' ? 'red' : 'green'} variant="light">{job.lastRun.status === 'failed' ? 'Failed' : 'Done'}</Badge>
      <Text size="xs" c="dimmed">{runSummary(job.lastRun)}</Text>
    </Stack>
  );
}

export default function CrawlerPage() {
  const { region, workspace } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const agents = useWorkspaceAgents();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<CrawlJob | null>(null);
  const [deleting, setDeleting] = useState<CrawlJob | null>(null);
  const jobsKey = crawlerKeys.jobs(region, workspace.uid);
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: () => listJobs(region, workspace.uid),
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => j.running) ? RUNNING_POLL_MS : false),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['crawl-job', region, workspace.uid] }).then(() => queryClient.invalidateQueries({ queryKey: jobsKey }));
  const run = useMutation({
    mutationFn: (job: CrawlJob) => runJob(region, workspace.uid, job.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Refresh started', autoClose: TOAST_MS.default });
      refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: `Error: ${errorMessage(error)}`, autoClose: TOAST_MS.long }),
  });
  const remove = useMutation({
    mutationFn: (job: CrawlJob) => deleteJob(region, workspace.uid, job.id),
    onSuccess: ({ removedSources }) => {
      notifications.show({ color: 'green', message: `Crawl job deleted with its ${removedSources} pages`, autoClose: TOAST_MS.default });
      setDeleting(null);
      refresh();
    },
  });
  const agentOptions = (agents.data ?? []).map((a) => ({ id: a.ID, title: typeof a.title === 'string' ? a.title : '' }));

  return (
    <Stack p="md" gap="md" maw={1100}>
      <Heading order={1} title="Crawler" note="Read a website into an agent’s knowledge base, one source per page, and keep it fresh: a refresh reads again only the pages that changed, and only those use credits.">
        <Group mt="sm"><Button onClick={() => setCreating(true)} disabled={!jobs.data}>New crawl job</Button></Group>
      </Heading>
      {jobs.isError ? <Alert color="red" role="alert">{errorMessage(jobs.error, 'The crawl jobs could not be loaded.')}</Alert> : null}
      {jobs.data && jobs.data.jobs.length === 0 ? <Text c="dimmed">No crawl job yet. Create one to read a website into an agent’s knowledge.</Text> : null}
      {jobs.data && jobs.data.jobs.length > 0 ? (
        <Table aria-label="Crawl jobs" striped>
          <Table.Thead>
            <Table.Tr><Table.Th>Start URL</Table.Th><Table.Th>Agent</Table.Th><Table.Th>Pages</Table.Th><Table.Th>Last run</Table.Th><Table.Th>Next run</Table.Th><Table.Th>Actions</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.data.jobs.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td><Button variant="subtle" size="compact-sm" onClick={() => setOpen(job)} aria-label={`Open crawl job ${job.startUrl}`}>{job.startUrl}</Button></Table.Td>
                <Table.Td>{job.agentTitle || job.agentId}</Table.Td>
                <Table.Td>{job.pageCount} / {job.maxPages}</Table.Td>
                <Table.Td><JobStatus job={job} /></Table.Td>
                <Table.Td>{when(job.nextRunAt)}</Table.Td>
                <RowActions>
                  <Button size="xs" variant="light" onClick={() => run.mutate(job)} disabled={job.running} loading={run.isPending && run.variables?.id === job.id} aria-label={`Refresh now: ${job.startUrl}`}>Refresh now</Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(job)} aria-label={`Delete crawl job ${job.startUrl}`}>Delete</Button>
                </RowActions>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}

      <Modal opened={creating} onClose={() => setCreating(false)} title="New crawl job" size="lg">
        {jobs.data ? (
          <CrawlJobForm
            agents={agentOptions}
            maxPagesCap={jobs.data.maxPagesCap}
            save={(input) => saveJob(region, workspace.uid, input)}
            onCancel={() => setCreating(false)}
            onDone={(job) => {
              setCreating(false);
              notifications.show({ color: 'green', message: 'Crawl job created: its first crawl has started', autoClose: TOAST_MS.default });
              refresh();
              setOpen(job);
            }}
          />
        ) : null}
      </Modal>

      <Drawer opened={!!open} onClose={() => setOpen(null)} position="right" size="xl" title={open ? `Crawl job ${open.startUrl}` : ''}>
        {open ? <CrawlJobDetail jobId={open.id} /> : null}
      </Drawer>

      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete this crawl job?">
        <Stack>
          <Text>The job stops, and the {deleting?.pageCount ?? 0} pages it added are removed from {deleting?.agentTitle || 'the agent'}’s knowledge base.</Text>
          <DialogActions failure={remove.isError ? errorMessage(remove.error) : null} busy={remove.isPending} cancelLabel="Cancel" onCancel={() => setDeleting(null)} confirmLabel="Delete" confirmColor="red" onConfirm={() => deleting && remove.mutate(deleting)} />
        </Stack>
      </Modal>
    </Stack>
  );
}
