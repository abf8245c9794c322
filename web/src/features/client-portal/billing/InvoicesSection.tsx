// Recent Invoices: the org's first 4 invoices on its agency's account (number, date, Stripe's hosted page); the
// section shows only when there are any.
import { Card, Stack, Title } from '@mantine/core';
import { InvoiceTable } from '../../../ui/InvoiceTable';
import type { OrgInvoice } from './org-billing-api';

export function InvoicesSection({ invoices }: { invoices: OrgInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-label="Recent Invoices">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Recent Invoices
        </Title>
        <InvoiceTable invoices={invoices} />
      </Stack>
    </Card>
  );
}
