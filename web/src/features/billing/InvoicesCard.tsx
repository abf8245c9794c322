// Invoices: the 4 latest, each with its number, date and a link to Stripe's hosted invoice page.
import { Loader, Text,  } from '@mantine/core';
import { INVOICES_SHOWN } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { InvoiceTable } from '../../ui/InvoiceTable';
import { fetchInvoices, type BillingTarget } from './billing-api';
import { SectionCard } from '../../ui/SectionCard';

/** Under the billing data's key, so the page's refresh after a payment re-reads the invoices too. */
export const invoicesKey = (t: BillingTarget) => ['billing', 'user', t.region, t.workspace.uid, 'invoices'] as const;

export function InvoicesCard({ target }: { target: BillingTarget }) {
  const invoices = useQuery({ queryKey: invoicesKey(target), queryFn: () => fetchInvoices(target) });
  const rows = (invoices.data ?? []).slice(0, INVOICES_SHOWN);
  return (
    <SectionCard title="Invoices">
      {invoices.isPending ? <Loader size="sm" role="status" aria-label="Loading invoices" /> : null}
      {invoices.isError ? <Text size="sm" c="red">Failed to load invoices</Text> : null}
      {invoices.isSuccess && rows.length === 0 ? <Text size="sm" c="dimmed">No invoices yet.</Text> : null}
      {rows.length > 0 ? (
        <InvoiceTable invoices={rows} />
      ) : null}
    </SectionCard>
  );
}
