// Add-ons: each one's price in the workspace's currency for the subscription's plan and cycle (a yearly plan bills its
// add-ons yearly) and the subscription's quantity, with Modify Plan opening the Modify Your Plan modal.
import { Button, Table, Text,  } from '@mantine/core';
import { BILLING_CYCLE_PERIODS, type AddonKey } from '@parley/core';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { formatMoney } from './money';
import { addonCyclePrice } from './SubscribeAddons';
import { SectionCard } from '../../ui/SectionCard';
import { TableHeader } from '../../ui/TableHeader';

export function AddonsSection(props: { catalogue: BillingCatalogue; data: UserBillingData; onModify(): void }) {
  const owned = new Map(props.data.subscriptionItems.filter((i) => i.addonKey).map((i) => [i.addonKey!, i.quantity]));
  const cycle = props.data.currentPlan.billingCycle ?? 'monthly';
  return (
    <SectionCard
      title="Add-ons"
      aside={
        <Button variant="default" onClick={props.onModify}>
          Modify Plan
        </Button>
      }
    >
      <Table>
        <TableHeader columns={['Add-on', 'Price', 'On your plan']} />
        <Table.Tbody>
          {props.catalogue.addons.map((addon) => (
            <Table.Tr key={addon.id}>
              <Table.Td>{addon.name}</Table.Td>
              <Table.Td>
                {formatMoney(addonCyclePrice(props.catalogue, addon.id as AddonKey, cycle, props.data.currentPlan.name), props.catalogue.tax.currency)}
                {cycle === 'yearly' ? BILLING_CYCLE_PERIODS.yearly : addon.period}
              </Table.Td>
              <Table.Td data-testid={`addon-owned-${addon.id}`}>{owned.get(addon.id) ?? 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Add-ons are non-refundable and billed {cycle === 'yearly' ? 'yearly' : 'monthly'}.
      </Text>
    </SectionCard>
  );
}
