// Recent Invoices: the org's first 4 invoices on its agency's account (number, date, Stripe's hosted page); the
// section shows only when there are any.
import { InvoiceTable } from '../../../ui/InvoiceTable';
import type { OrgInvoice } from './org-billing-api';
import { SectionCard } from '../../../ui/SectionCard';

export function InvoicesSection({ invoices }: { invoices: OrgInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <SectionCard title="Recent Invoices" compact>
      <InvoiceTable invoices={invoices} />
    </SectionCard>
  );
}
