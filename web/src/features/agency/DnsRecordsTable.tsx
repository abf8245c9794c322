// DNS records to add at the owner's DNS provider (domains and the e-mail sending domain).
import { Badge, CopyButton, Table, Text, UnstyledButton } from '@mantine/core';
import type { DnsRecord } from '@parley/core';
import { TableHeader } from '../../ui/TableHeader';

const statusColor = (status: string | undefined) => (status === 'verified' ? 'green' : status === 'failure' || status === 'temporary_failure' ? 'red' : 'gray');

export function DnsRecordsTable({ records, label }: { records: DnsRecord[]; label: string }) {
  if (records.length === 0) return null;
  const withStatus = records.some((r) => r.status);
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label={label} withTableBorder fz="xs" verticalSpacing={6}>
        <TableHeader columns={['Type', 'Name', 'Value', 'Priority', 'TTL', ...(withStatus ? ['Status'] : [])]} />
        <Table.Tbody>
          {records.map((r, i) => (
            <Table.Tr key={`${r.type}-${r.name}-${i}`}>
              <Table.Td>{r.type}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <CopyButton value={r.value}>
                  {({ copied, copy }) => (
                    // Named by what it shows (the value, then copy/copied), so a voice user can say it.
                    <UnstyledButton onClick={copy} fz="xs">
                      {r.value} <Text span c="dimmed" fz={10}>{copied ? 'copied' : 'copy'}</Text>
                    </UnstyledButton>
                  )}
                </CopyButton>
              </Table.Td>
              <Table.Td>{r.priority ?? ''}</Table.Td>
              <Table.Td>{r.ttl ?? 'Auto'}</Table.Td>
              {withStatus && (
                <Table.Td>
                  <Badge size="xs" color={statusColor(r.status)}>{r.status ?? ''}</Badge>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
