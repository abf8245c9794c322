// The USD balance on the Current Plan card and its "Top up" button (disabled on the free plan).
import { Button, Group, Text } from '@mantine/core';
import { BILLING_MESSAGES, FREE_PLAN_ID } from '@parley/core';
import { useState } from 'react';
import type { BillingTarget, UserBillingData } from './billing-api';
import { TopUpModal } from './TopUpModal';

export function UsdBalance(props: { target: BillingTarget; data: UserBillingData; onChanged(): Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const isFree = props.data.currentPlan.name === FREE_PLAN_ID;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" data-testid="usd-balance">
        USD balance: ${props.data.currentPlan.usdBalance.toFixed(2)}
      </Text>
      <Group gap="xs">
        {isFree ? (
          <Text size="xs" c="dimmed">
            {BILLING_MESSAGES.topUpFreePlan}
          </Text>
        ) : null}
        <Button size="xs" variant="light" onClick={() => setOpen(true)} disabled={isFree}>
          Top up balance
        </Button>
      </Group>
      <TopUpModal opened={open} onClose={() => setOpen(false)} target={props.target} data={props.data} onToppedUp={props.onChanged} />
    </Group>
  );
}
