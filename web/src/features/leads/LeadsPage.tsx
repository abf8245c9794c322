// /app/{region}/agents/{agentId}/leads — the contacts the agent collected: a table, newest first, with search (name,
// e-mail or phone), a date range and a channel (all in the URL), paged; each row opens its conversation, a lead is
// deleted after a confirmation, and Export CSV downloads every row the filters select.
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type Lead, type ListFilters } from '@parley/core';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { errorMessage } from '../../lib/api';
import { useListFilters } from '../../lib/list-filters';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { DialogActions } from '../../ui/DialogActions';
import { Heading } from '../../ui/Heading';
import { CHANNEL_LABELS, ListFilterBar } from '../../ui/ListFilterBar';
import { TableHeader } from '../../ui/TableHeader';
import { leadsCsv, downloadCsv } from './leads-csv';
import { deleteLead, fetchLeads, LEADS_EXPORT_MAX, LEADS_PAGE_SIZE } from './leads-data';
import { RowActions } from '../../ui/RowActions';

const when = (ts: number) => new Date(ts).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
const leadName = (lead: Lead) => lead.name || lead.email || lead.phone || 'this lead';

export default function LeadsPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const db = useFirestore();
  const queryClient = useQueryClient();
  const [filters, setFilters, rangeProblem] = useListFilters();
  // The cursors of the pages seen: each page starts before the previous page's last row.
  const [cursors, setCursors] = useState<number[]>([Number.MAX_SAFE_INTEGER]);
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const before = cursors[cursors.length - 1]!;
  const filtersKey = useMemo(() => JSON.stringify(filters), [filters]);
  const page = useQuery({
    queryKey: ['leads', region, agentId, filtersKey, before],
    queryFn: () => fetchLeads(db, agentId, { filters, before, size: LEADS_PAGE_SIZE + 1 }),
  });
  const rows = (page.data ?? []).slice(0, LEADS_PAGE_SIZE);
  const hasOlder = (page.data?.length ?? 0) > LEADS_PAGE_SIZE;

  const changeFilters = (next: ListFilters) => {
    setCursors([Number.MAX_SAFE_INTEGER]);
    setFilters(next);
  };
  const remove = useMutation({
    mutationFn: (lead: Lead) => deleteLead({ region, agentId, leadId: lead.ID }),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ['leads', region, agentId] });
    },
  });
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const all = await fetchLeads(db, agentId, { filters, before: Number.MAX_SAFE_INTEGER, size: LEADS_EXPORT_MAX });
      downloadCsv(`leads-${agentId}-${new Date().toISOString().slice(0, 10)}.csv`, leadsCsv(all));
    } catch (error) {
      setExportError(errorMessage(error, 'The leads could not be exported.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" align="flex-end">
        <Heading order={1} title="Leads" note="Contacts your agent collected. Each lead belongs to one conversation." />
        <Button variant="light" onClick={() => void exportCsv()} loading={exporting} disabled={rows.length === 0}>
          Export CSV
        </Button>
      </Group>
      <ListFilterBar filters={filters} onChange={changeFilters} searchLabel="Search leads" searchPlaceholder="Name, e-mail or phone" rangeProblem={rangeProblem} />
      {exportError ? <Alert color="red" role="alert">{exportError}</Alert> : null}
      {page.isError ? <Alert color="red" role="alert">{errorMessage(page.error, 'The leads could not be loaded.')}</Alert> : null}
      {page.isLoading ? <Loader size="sm" /> : null}
      {page.data && rows.length === 0 ? (
        <Text c="dimmed">{Object.keys(filters).length > 0 ? 'No lead matches these filters.' : 'No leads yet. Turn on Collect leads in Settings to ask visitors for their contact details.'}</Text>
      ) : null}
      {rows.length > 0 ? (
        <Table aria-label="Leads" verticalSpacing="xs" striped>
          <TableHeader columns={['Created', 'Name', 'E-mail', 'Phone', 'Channel', 'Page', 'Country', '']} />
          <Table.Tbody>
            {rows.map((lead) => (
              <Table.Tr key={lead.ID}>
                <Table.Td>{when(lead.createdAt)}</Table.Td>
                <Table.Td>{lead.name ?? ''}</Table.Td>
                <Table.Td>{lead.email ?? ''}</Table.Td>
                <Table.Td>{lead.phone ?? ''}</Table.Td>
                <Table.Td>{CHANNEL_LABELS[lead.channel as keyof typeof CHANNEL_LABELS] ?? lead.channel}</Table.Td>
                <Table.Td style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{lead.pageUrl ?? ''}</Table.Td>
                <Table.Td>{lead.countryCode ?? ''}</Table.Td>
                <RowActions>
                  <Anchor component={Link} size="sm" to={`${routes.agent(region, agentId, 'convos')}?conversation=${encodeURIComponent(lead.conversationId)}`} aria-label={`Open the conversation of ${leadName(lead)}`}>
                    Conversation
                  </Anchor>
                  <Button size="xs" color="red" variant="subtle" aria-label={`Delete ${leadName(lead)}`} onClick={() => setDeleting(lead)}>
                    Delete
                  </Button>
                </RowActions>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" size="xs" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </Button>
        <Text size="xs" c="dimmed">Page {cursors.length}</Text>
        <Button variant="default" size="xs" disabled={!hasOlder} onClick={() => setCursors([...cursors, rows[rows.length - 1]!.createdAt])}>
          Older
        </Button>
      </Group>
      <Modal opened={!!deleting} onClose={() => !remove.isPending && setDeleting(null)} title="Delete this lead?">
        <Stack gap="sm">
          <Text size="sm">
            {deleting ? `${leadName(deleting)} will be removed from your leads. The conversation stays in Chats.` : ''}
          </Text>
          <DialogActions
            failure={remove.isError ? errorMessage(remove.error) : null}
            busy={remove.isPending}
            cancelLabel="Cancel"
            onCancel={() => setDeleting(null)}
            confirmLabel="Delete"
            confirmColor="red"
            onConfirm={() => deleting && remove.mutate(deleting)}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
