// Current Plan: name, status, renewal date (or the cancelling banner), credits used/total and the USD balance.
import { Alert, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { billingDate, creditUsage } from './credit-usage';

export function CurrentPlanCard({ data, catalogue }: { data: UserBillingData; catalogue: BillingCatalogue | undefined }) {
  const plan = data.currentPlan;
  const label = catalogue?.plans.find((p) => p.id === plan.name)?.label ?? plan.name;
  const usage = creditUsage(plan.credits.used, plan.credits.total);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Current Plan">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Current Plan
          </Title>
          <Badge variant="light" color={plan.status === 'active' ? 'green' : 'gray'}>
            {plan.status}
          </Badge>
        </Group>
        <Text fw={600} size="lg" data-testid="current-plan-name">
          {label}
        </Text>
        {plan.cancels && plan.cancelsAt ? (
          <Alert color="red" variant="light">
            Your subscription will end on {billingDate(plan.cancelsAt)}
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
        <Text size="sm">USD balance: ${plan.usdBalance.toFixed(2)}</Text>
      </Stack>
    </Card>
  );
}
