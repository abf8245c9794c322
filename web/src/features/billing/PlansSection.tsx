// The plans catalogue from the server, priced in the workspace's currency: Current Plan, Upgrade (to
// pay_as_you_go), Modify Plan, Contact sales.
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FREE_PLAN_ID, UPGRADE_PLAN_ID } from '@parley/core';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { formatMoney, listedPrice, type TaxView } from './money';

export type CataloguePlan = BillingCatalogue['plans'][number];

const ENTERPRISE_ID = 'enterprise';
const USD: Pick<TaxView, 'currency' | 'exchangeRate'> = { currency: 'USD', exchangeRate: 1 };

/** "Free", "$20/month", "€22/month", "$1000+/month" (enterprise is a starting price). */
export function priceLabel(plan: CataloguePlan, tax: Pick<TaxView, 'currency' | 'exchangeRate'> = USD): string {
  if (plan.price === 0) return 'Free';
  const { amount } = listedPrice(plan, tax);
  return `${formatMoney(amount, tax.currency)}${plan.id === ENTERPRISE_ID ? '+' : ''}${plan.period}`;
}

export function PlansSection(props: { catalogue: BillingCatalogue; data: UserBillingData; onUpgrade(plan: CataloguePlan): void; onModify(): void }) {
  const currentId = props.data.currentPlan.name;
  const active = props.data.currentPlan.status === 'active';
  const tax = props.catalogue.tax;
  return (
    <Stack gap="sm" component="section" aria-label="Plans">
      <Title order={2} size="h4">
        Plans
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {props.catalogue.plans.map((plan) => {
          const original = listedPrice(plan, tax).originalAmount;
          return (
            <Card key={plan.id} withBorder padding="lg" component="section" aria-label={plan.label}>
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {plan.label} {plan.popular ? <Badge ml="xs">Most popular</Badge> : null}
                </Title>
                <Group gap="xs">
                  <Text fw={600} data-testid={`plan-price-${plan.id}`}>
                    {priceLabel(plan, tax)}
                  </Text>
                  {original !== null && plan.price > 0 ? (
                    <Text size="sm" c="dimmed" td="line-through" aria-label="Original price">
                      {formatMoney(original, tax.currency)}
                    </Text>
                  ) : null}
                </Group>
                {plan.additionalInfo ? <Text size="sm">{plan.additionalInfo}</Text> : null}
                <PlanAction plan={plan} currentId={currentId} active={active} onUpgrade={props.onUpgrade} onModify={props.onModify} />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

interface PlanActionProps {
  plan: CataloguePlan;
  currentId: string;
  active: boolean;
  onUpgrade(plan: CataloguePlan): void;
  onModify(): void;
}

function PlanAction({ plan, currentId, active, onUpgrade, onModify }: PlanActionProps) {
  if (plan.id === currentId) {
    return (
      <Stack gap={6}>
        <Button variant="light" disabled>
          Current Plan
        </Button>
        {/* A paid plan's add-ons are changed through Modify Your Plan. */}
        {plan.id !== FREE_PLAN_ID && active ? (
          <Button variant="default" onClick={onModify}>
            Modify Plan
          </Button>
        ) : null}
      </Stack>
    );
  }
  if (plan.id === ENTERPRISE_ID) {
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
  // Any other plan: the selection buttons are disabled while a subscription is active.
  return (
    <Button variant="default" disabled={active} onClick={onModify}>
      Modify Plan
    </Button>
  );
}
