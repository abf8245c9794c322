// Payment Method: the saved card (brand, last 4, expiry) and "Update payment method", which saves a new card made by
// Stripe Elements (card + billing address) as the default; the card itself never reaches our servers.
import { Button, Group, Text,  } from '@mantine/core';
import { useState } from 'react';
import type { BillingTarget, UserBillingData } from './billing-api';
import { PaymentMethodModal } from './PaymentMethodModal';
import { SectionCard } from '../../ui/SectionCard';

/** "visa •••• 4242, expires 12/2034" */
export function cardSummary(pm: NonNullable<UserBillingData['paymentMethod']>): string {
  return `${pm.card.brand} •••• ${pm.card.last4}, expires ${String(pm.card.exp_month).padStart(2, '0')}/${pm.card.exp_year}`;
}

export function PaymentMethodCard(props: { target: BillingTarget; data: UserBillingData; onUpdated(): Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const pm = props.data.paymentMethod;
  return (
    <SectionCard title="Payment Method">
      <Text size="sm" data-testid="saved-card">
        {pm ? cardSummary(pm) : 'No payment method saved.'}
      </Text>
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          {pm ? 'Update payment method' : 'Add payment method'}
        </Button>
      </Group>
      {open ? <PaymentMethodModal onClose={() => setOpen(false)} target={props.target} data={props.data} onUpdated={props.onUpdated} /> : null}
    </SectionCard>
  );
}
