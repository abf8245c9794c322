// The plans catalogue from the server: Current Plan, Upgrade (to pay_as_you_go), Modify Plan, Contact sales.
import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FREE_PLAN_ID, UPGRADE_PLAN_ID } from '@parley/core';
import type { BillingCatalogue, UserBillingData } from './billing-api';

export type CataloguePlan = BillingCatalogue['plans'][number];

export function priceLabel(plan: CataloguePlan, symbol = '$'): string {
  return plan.price === 0 ? 'Free' : `${symbol}${plan.price}${plan.period}`;
}

export function PlansSection(props: { catalogue: BillingCatalogue; data: UserBillingData; onUpgrade(plan: CataloguePlan): void }) {
  const currentId = props.data.currentPlan.name;
  const active = props.data.currentPlan.status === 'active';
  return (
    <Stack gap="sm" component="section" aria-label="Plans">
      <Title order={2} size="h4">
        Plans
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {props.catalogue.plans.map((plan) => (
          <Card key={plan.id} withBorder padding="lg" component="section" aria-label={plan.label}>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {plan.label} {plan.popular ? <Badge ml="xs">Most popular</Badge> : null}
              </Title>
              <Text fw={600}>{priceLabel(plan)}</Text>
              {plan.additionalInfo ? <Text size="sm">{plan.additionalInfo}</Text> : null}
              <PlanAction plan={plan} currentId={currentId} active={active} onUpgrade={props.onUpgrade} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PlanAction({ plan, currentId, active, onUpgrade }: { plan: CataloguePlan; currentId: string; active: boolean; onUpgrade(plan: CataloguePlan): void }) {
  if (plan.id === currentId) {
    return (
      <Button variant="light" disabled>
        Current Plan
      </Button>
    );
  }
  if (plan.id === 'enterprise') {
    return (
      <Button component="a" href="mailto:sales@parley.ai" variant="default">
        Contact sales
      </Button>
    );
  }
  if (plan.id === UPGRADE_PLAN_ID && currentId === FREE_PLAN_ID) {
    return <Button onClick={() => onUpgrade(plan)}>Upgrade</Button>;
  }
  if (plan.id === FREE_PLAN_ID) return null;
  return (
    <Button variant="default" disabled={active}>
      Modify Plan
    </Button>
  );
}
