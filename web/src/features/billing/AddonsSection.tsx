// Add-ons: each one's monthly price in the workspace's currency and the subscription's quantity, with Modify Plan
// opening the Modify Your Plan modal.
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { addonPrice, formatMoney } from './money';

export function AddonsSection(props: { catalogue: BillingCatalogue; data: UserBillingData; onModify(): void }) {
  const owned = new Map(props.data.subscriptionItems.filter((i) => i.addonKey).map((i) => [i.addonKey!, i.quantity]));
  return (
    <Card withBorder padding="lg" component="section" aria-label="Add-ons">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Add-ons
          </Title>
          <Button variant="default" onClick={props.onModify}>
            Modify Plan
          </Button>
        </Group>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Add-on</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>On your plan</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.catalogue.addons.map((addon) => (
              <Table.Tr key={addon.id}>
                <Table.Td>{addon.name}</Table.Td>
                <Table.Td>
                  {formatMoney(addonPrice(props.catalogue, addon.id), props.catalogue.tax.currency)}
                  {addon.period}
                </Table.Td>
                <Table.Td data-testid={`addon-owned-${addon.id}`}>{owned.get(addon.id) ?? 0}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          Add-ons are non-refundable and billed monthly.
        </Text>
      </Stack>
    </Card>
  );
}
