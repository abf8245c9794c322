// Current Plan: name, status, renewal date (or the cancelling banner), credits used/total and the USD balance;
// Cancel Subscription while active, Reactivate while it is set to end.
import { Alert, Badge, Button, Group, Progress, Stack, Text,  } from '@mantine/core';
import { useState } from 'react';
import type { BillingCatalogue, BillingTarget, UserBillingData } from './billing-api';
import { CancelSubscriptionModal } from './CancelSubscriptionModal';
import { billingDate, creditUsage } from './credit-usage';
import { PlanLimitsList } from './PlanLimitsList';
import { pricingPlanName } from './PricingTable';
import { ReactivateSubscriptionModal } from './ReactivateSubscriptionModal';
import { UsdBalance } from './UsdBalance';
import { SectionCard } from '../../ui/SectionCard';

const BILLING_CYCLE_LABELS = { monthly: 'Billed monthly', yearly: 'Billed yearly' } as const;

export interface CurrentPlanCardProps {
  data: UserBillingData;
  catalogue: BillingCatalogue | undefined;
  target: BillingTarget;
  /** Re-reads the billing data after a cancel or reactivate. */
  onChanged(): Promise<unknown>;
}

export function CurrentPlanCard({ data, catalogue, target, onChanged }: CurrentPlanCardProps) {
  const [dialog, setDialog] = useState<'cancel' | 'reactivate' | null>(null);
  const plan = data.currentPlan;
  const cancelling = plan.cancels && !!plan.cancelsAt;
  const pricingPlan = catalogue?.pricingPlans.find((p) => p.key === plan.name);
  const label = catalogue?.plans.find((p) => p.id === plan.name)?.label ?? (pricingPlan ? pricingPlanName(pricingPlan) : plan.name);
  const usage = creditUsage(plan.credits.used, plan.credits.total);
  return (
    <SectionCard
      title="Current Plan"
      aside={
        <Badge variant="light" color={plan.status === 'active' ? 'green' : 'gray'}>
          {plan.status}
        </Badge>
      }
    >
      <Group gap="xs" align="baseline">
        <Text fw={600} size="lg" data-testid="current-plan-name">
          {label}
        </Text>
        {plan.billingCycle ? (
          <Text size="sm" c="dimmed" data-testid="current-plan-cycle">
            {BILLING_CYCLE_LABELS[plan.billingCycle]}
          </Text>
        ) : null}
      </Group>
      {plan.billingCycle && plan.limits ? <PlanLimitsList limits={plan.limits} /> : null}
      {cancelling ? (
        <Alert color="red" variant="light" data-testid="subscription-ends">
          Your subscription will end on {billingDate(plan.cancelsAt!)}
        </Alert>
      ) : plan.renewalDate ? (
        <Text size="sm">Next Billing: {billingDate(plan.renewalDate)}</Text>
      ) : null}
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm">Credits used</Text>
          <Text size="sm" data-testid="credits-used">
            {Math.round(plan.credits.used).toLocaleString('en-US')} / {Math.round(plan.credits.total).toLocaleString('en-US')}
          </Text>
        </Group>
        <Progress value={usage.percent} color={usage.color} aria-label="Credits used" />
        <Text size="sm" data-testid="credits-available">
          Available credits: {Math.round(plan.credits.total - plan.credits.used).toLocaleString('en-US')}
        </Text>
      </Stack>
      <UsdBalance target={target} data={data} onChanged={onChanged} />
      {plan.status === 'active' ? (
        <Group>
          {cancelling ? (
            <Button onClick={() => setDialog('reactivate')}>Reactivate Subscription</Button>
          ) : (
            <Button variant="default" color="red" onClick={() => setDialog('cancel')}>
              Cancel Subscription
            </Button>
          )}
        </Group>
      ) : null}
      <CancelSubscriptionModal
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        target={target}
        periodEnd={plan.renewalDate ? billingDate(plan.renewalDate) : null}
        onCancelled={onChanged}
      />
      <ReactivateSubscriptionModal opened={dialog === 'reactivate'} onClose={() => setDialog(null)} target={target} onReactivated={onChanged} />
    </SectionCard>
  );
}
