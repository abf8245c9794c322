// The new pricing's plans (starter, pro, agency) monthly and yearly, in the workspace's currency; shown to
// workspaces on the new pricing.
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import type { BillingCatalogue } from './billing-api';
import { formatMoney, fromUsd } from './money';

const NAMES: Record<string, string> = { starter: 'Starter', pro: 'Pro', agency: 'Agency' };

export function PricingTable({ catalogue }: { catalogue: BillingCatalogue }) {
  const money = (usd: number) => formatMoney(fromUsd(usd, catalogue.tax), catalogue.tax.currency);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Plan pricing">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Plan pricing
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Monthly</Table.Th>
              <Table.Th>Yearly</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {catalogue.pricingPlans.map((p) => (
              <Table.Tr key={p.key}>
                <Table.Td>{NAMES[p.key] ?? p.key}</Table.Td>
                <Table.Td>{money(p.monthly)}/month</Table.Td>
                <Table.Td>{money(p.yearly)}/year</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          Yearly is billed as ten months.
        </Text>
      </Stack>
    </Card>
  );
}
