// The org's audit log: who changed access, agents, credits, settings or users, when, and from what to what.
import { Loader, Stack, Table, Text } from '@mantine/core';
import { type Region } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { auditQuery, auditValue, type AuditEntry } from './clients-data';
import { TableHeader } from '../../ui/TableHeader';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  'org.create': 'Organization created',
  'org.update': 'Organization updated',
  'org.delete': 'Organization deleted',
  'credits.transfer': 'Credits transferred',
  'client.create': 'User added',
  'client.update': 'User updated',
  'client.delete': 'User deleted',
  'client.passwordReset': 'Password reset',
};

export function AuditLog({ region, orgId, enabled }: { region: Region; orgId: string; enabled: boolean }) {
  const log = useQuery({ ...auditQuery(region, orgId), enabled });
  if (log.isPending) return <Loader size="sm" />;
  if (log.isError) return <Text c="red" size="sm">{errorMessage(log.error)}</Text>;
  if (log.data.length === 0) return <Text size="sm" c="dimmed">No changes recorded yet.</Text>;
  return (
    <Table aria-label="Audit log" striped verticalSpacing={4} fz="xs">
      <TableHeader columns={['When', 'Who', 'What', 'Changes']} />
      <Table.Tbody>
        {log.data.map((e) => (
          <Table.Tr key={e.ID}>
            <Table.Td>{new Date(e.ts).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
            <Table.Td>{e.actor.label || e.actor.kind}</Table.Td>
            <Table.Td>
              {ACTION_LABELS[e.action]}
              {e.target.label ? `: ${e.target.label}` : ''}
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                {e.changes.map((c) => (
                  <Text key={c.field} size="xs">
                    {c.field}: {c.redacted ? 'changed' : `${auditValue(c.from)} → ${auditValue(c.to)}`}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
