// The new pricing's plans (starter, pro, agency) monthly and yearly, in the workspace's currency, shown to workspaces
// on the new pricing: each price subscribes through Confirm Subscription; the plan and cycle subscribed to is the
// Current Plan, and while a subscription is active the others wait (as the catalogue's buttons do).
import { Badge, Button, Group, Table, Text,  } from '@mantine/core';
import { BILLING_CYCLES, BILLING_CYCLE_PERIODS, type BillingCycle } from '@parley/core';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { formatMoney, fromUsd } from './money';
import { SectionCard } from '../../ui/SectionCard';

export type PricingPlanRow = BillingCatalogue['pricingPlans'][number];

const CYCLE_NAMES: Record<BillingCycle, string> = { monthly: 'Monthly', yearly: 'Yearly' };
export const pricingPlanName = (p: Pick<PricingPlanRow, 'key' | 'name'>): string => p.name ?? `${p.key.charAt(0).toUpperCase()}${p.key.slice(1)}`;

export interface PricingTableProps {
  catalogue: BillingCatalogue;
  data: UserBillingData;
  onSubscribe(plan: PricingPlanRow, cycle: BillingCycle): void;
}

export function PricingTable({ catalogue, data, onSubscribe }: PricingTableProps) {
  const money = (usd: number) => formatMoney(fromUsd(usd, catalogue.tax), catalogue.tax.currency);
  const current = data.currentPlan;
  const active = current.status === 'active';
  return (
    <SectionCard title="Plan pricing">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            {BILLING_CYCLES.map((c) => (
              <Table.Th key={c}>{CYCLE_NAMES[c]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {catalogue.pricingPlans.map((p) => (
            <Table.Tr key={p.key}>
              <Table.Td>
                {pricingPlanName(p)}
                {p.popular ? <Badge ml="xs">Most popular</Badge> : null}
              </Table.Td>
              {BILLING_CYCLES.map((cycle) => {
                const isCurrent = active && current.name === p.key && current.billingCycle === cycle;
                return (
                  <Table.Td key={cycle}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">
                        {money(cycle === 'yearly' ? p.yearly : p.monthly)}
                        {BILLING_CYCLE_PERIODS[cycle]}
                      </Text>
                      {isCurrent ? (
                        <Button size="xs" variant="light" disabled>
                          Current Plan
                        </Button>
                      ) : (
                        <Button size="xs" variant="default" disabled={active} aria-label={`Subscribe to ${pricingPlanName(p)} ${cycle}`} onClick={() => onSubscribe(p, cycle)}>
                          Subscribe
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Yearly is billed as ten months.
      </Text>
    </SectionCard>
  );
}
