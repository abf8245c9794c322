// Discount code: none → valid (applied, removable) or invalid.
import { Button, Group, Text, TextInput } from '@mantine/core';
import { BILLING_MESSAGES } from '@parley/core';
import { useState } from 'react';
import { checkDiscountCode, type BillingTarget, type DiscountAnswer } from './billing-api';

export interface AppliedDiscount {
  code: string;
  discount: DiscountAnswer;
}

export function discountSummary(d: DiscountAnswer): string {
  const off = d.percent_off ? `${d.percent_off}% off` : d.amount_off ? `${(d.amount_off / 100).toFixed(2)} ${(d.currency ?? 'usd').toUpperCase()} off` : 'Discount';
  return `${off}${d.duration === 'once' ? ' (first payment)' : d.duration === 'forever' ? ' (forever)' : ''}`;
}

export function DiscountCodeField(props: { target: BillingTarget; applied: AppliedDiscount | null; onChange(applied: AppliedDiscount | null): void; disabled?: boolean }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    const trimmed = code.trim();
    if (!trimmed) return setError(BILLING_MESSAGES.discountEmpty);
    setBusy(true);
    setError(null);
    try {
      const discount = await checkDiscountCode(props.target, trimmed);
      if (discount.valid) props.onChange({ code: trimmed, discount });
      else setError(BILLING_MESSAGES.discountInvalid);
    } catch {
      setError(BILLING_MESSAGES.discountInvalid);
    } finally {
      setBusy(false);
    }
  }

  if (props.applied) {
    return (
      <Group justify="space-between">
        <Text size="sm" c="green">
          Discount {props.applied.code} applied: {discountSummary(props.applied.discount)}
        </Text>
        <Button variant="subtle" size="xs" onClick={() => props.onChange(null)} disabled={props.disabled}>
          Remove discount
        </Button>
      </Group>
    );
  }
  return (
    <Group align="flex-start" wrap="nowrap">
      <TextInput
        label="Discount code"
        value={code}
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setError(null);
        }}
        error={error ?? undefined}
        disabled={props.disabled}
        style={{ flex: 1 }}
      />
      <Button mt={25} variant="light" onClick={() => void apply()} loading={busy} disabled={props.disabled}>
        Apply
      </Button>
    </Group>
  );
}
