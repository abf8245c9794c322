// Invoices as Stripe lists them: number, date (UTC) and a link to Stripe's hosted invoice page, the first
// INVOICES_SHOWN of them. Used by the workspace's Billing page and the client's Billing Dashboard.
import { Anchor, Table } from '@mantine/core';
import { INVOICES_SHOWN } from '@parley/core';
import { TableHeader } from './TableHeader';

export interface InvoiceRow {
  id: string;
  number?: string | null | undefined;
  /** Unix seconds. */
  created: number;
  hosted_invoice_url?: string | null | undefined;
}

const invoiceDate = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function InvoiceTable({ invoices }: { invoices: readonly InvoiceRow[] }) {
  return (
    <Table aria-label="Invoices">
      <TableHeader columns={['Number', 'Date', 'Invoice']} />
      <Table.Tbody>
        {invoices.slice(0, INVOICES_SHOWN).map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td>{invoice.number ?? invoice.id}</Table.Td>
            <Table.Td>{invoiceDate(invoice.created)}</Table.Td>
            <Table.Td>
              {invoice.hosted_invoice_url ? (
                <Anchor href={invoice.hosted_invoice_url} target="_blank" rel="noopener noreferrer" aria-label={`View invoice ${invoice.number ?? invoice.id}`}>
                  View
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
