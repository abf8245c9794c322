// Payment Method: the org's saved card, or a new one typed into Stripe Elements on the agency's connected account,
// sent to update-payment as the org's default card ("Payment method updated successfully").
import { Button, Group, Stack, Text,  } from '@mantine/core';
import { CardElement } from '@stripe/react-stripe-js';
import { billingApi } from '@parley/core';
import { useState } from 'react';
import { StripeElements } from '../../../ui/StripeElements';
import { useConnectStripe } from './connect-stripe';
import type { OrgPaymentMethod } from './org-billing-api';
import { DialogActions } from '../../../ui/DialogActions';
import { useCardForm } from '../../../ui/use-card-form';
import { SectionCard } from '../../../ui/SectionCard';

const M = billingApi.BILLING_API_MESSAGES;

export interface PaymentMethodSectionProps {
  accountId: string;
  paymentMethod: OrgPaymentMethod;
  save(paymentMethodId: string): Promise<void>;
}

export function PaymentMethodSection(props: PaymentMethodSectionProps) {
  const [editing, setEditing] = useState(false);
  const card = props.paymentMethod?.card;
  return (
    <SectionCard title="Payment Method" compact>
      {card ? (
        <Text size="sm" data-testid="org-card">
          {card.brand.toUpperCase()} •••• {card.last4} (expires {String(card.exp_month).padStart(2, '0')}/{card.exp_year})
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No payment method on file.
        </Text>
      )}
      {editing ? (
        <NewCard accountId={props.accountId} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} save={props.save} />
      ) : (
        <Group>
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {card ? 'Update payment method' : 'Add payment method'}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

function NewCard(props: { accountId: string; onCancel(): void; onSaved(): void; save(paymentMethodId: string): Promise<void> }) {
  const { accountId } = props;
  const connectStripe = useConnectStripe();
  return (
    <StripeElements key={accountId} load={() => connectStripe(accountId)}>
      <CardForm {...props} />
    </StripeElements>
  );
}

function CardForm(props: { onCancel(): void; onSaved(): void; save(paymentMethodId: string): Promise<void> }) {
  const { stripe, busy, failure, save } = useCardForm();

  async function submit() {
    const saved = await save(async (stripe, card) => {
      const made = await stripe.createPaymentMethod({ type: 'card', card });
      if (made.error || !made.paymentMethod) return made.error?.message ?? M.savePaymentFailed;
      await props.save(made.paymentMethod.id);
      return null;
    });
    if (saved) props.onSaved();
  }

  return (
    <Stack gap="xs">
      <CardElement />
      <DialogActions
        size="xs"
        failure={failure}
        busy={busy}
        cancelLabel="Cancel"
        onCancel={props.onCancel}
        lockCancel={false}
        confirmLabel="Save card"
        confirmDisabled={!stripe}
        onConfirm={() => void submit()}
      />
    </Stack>
  );
}
