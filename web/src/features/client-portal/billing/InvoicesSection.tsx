// Recent Invoices: the org's first 4 invoices on its agency's account (number, date, Stripe's hosted page); the
// section shows only when there are any.
import { Anchor, Card, Stack, Table, Title } from '@mantine/core';
import { INVOICES_SHOWN } from '@parley/core';
import type { OrgInvoice } from './org-billing-api';

const date = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function InvoicesSection({ invoices }: { invoices: OrgInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-label="Recent Invoices">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Recent Invoices
        </Title>
        <Table aria-label="Invoices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.slice(0, INVOICES_SHOWN).map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>{inv.number ?? inv.id}</Table.Td>
                <Table.Td>{date(inv.created)}</Table.Td>
                <Table.Td>
                  {inv.hosted_invoice_url ? (
                    <Anchor href={inv.hosted_invoice_url} target="_blank" rel="noopener noreferrer" aria-label={`View invoice ${inv.number ?? inv.id}`}>
                      View
                    </Anchor>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
