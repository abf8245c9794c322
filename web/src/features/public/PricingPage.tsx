// /pricing: the catalogue plans and add-ons with their prices, from @parley/core's constants.
import { Badge, Button, Card, Container, Group, List, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ADDON_PRICING_USD, FREE_ACCOUNT_DEFAULTS, PLAN_PRICING_USD } from '@parley/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';
import { TableHeader } from '../../ui/TableHeader';
import { selectOptions } from '../../ui/select-options';

const PLAN_INFO: Record<keyof typeof PLAN_PRICING_USD, { name: string; pitch: string; popular?: boolean }> = {
  starter: { name: 'Starter', pitch: 'For a single business getting started with AI agents.' },
  pro: { name: 'Pro', pitch: 'For growing teams with more agents, channels and voice.', popular: true },
  agency: { name: 'Agency', pitch: 'For agencies reselling agents to their clients.' },
};

const ADDON_INFO: Record<keyof typeof ADDON_PRICING_USD, string> = {
  additionalSeat: 'Additional seat',
  additionalAgent: 'Additional agent',
  additionalPhoneNumber: 'Additional phone number',
  concurrentCallLine: 'One extra concurrent call line',
  whiteLabel: 'White label',
};

export default function PricingPage() {
  const [period, setPeriod] = useState<'monthly' | 'yearly'>('monthly');
  const suffix = period === 'monthly' ? '/month' : '/year';
  return (
    <PublicLayout>
      <Container size="lg" py={48}>
        <Stack align="center" gap="sm" ta="center">
          <Title order={1}>Pricing</Title>
          <Text c="dimmed" maw={600}>
            Start free with {FREE_ACCOUNT_DEFAULTS.maxAgents} agents and {FREE_ACCOUNT_DEFAULTS.workspaceSeats} workspace seats. Upgrade when you
            need more. Yearly billing costs roughly ten months.
          </Text>
          <SegmentedControl
            aria-label="Billing period"
            value={period}
            onChange={(v) => setPeriod(v === 'yearly' ? 'yearly' : 'monthly')}
            data={selectOptions({ monthly: 'Monthly', yearly: 'Yearly' })}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} mt="xl" spacing="lg">
          {(Object.keys(PLAN_PRICING_USD) as (keyof typeof PLAN_PRICING_USD)[]).map((key) => {
            const info = PLAN_INFO[key];
            return (
              <Card key={key} withBorder padding="xl" radius="md" aria-label={`${info.name} plan`} style={info.popular ? { borderColor: 'var(--mantine-color-parley-6)' } : undefined}>
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Title order={2} size="h3">
                      {info.name}
                    </Title>
                    {info.popular && <Badge>Most popular</Badge>}
                  </Group>
                  <Text>
                    <Text span fz={36} fw={700}>
                      ${PLAN_PRICING_USD[key][period]}
                    </Text>{' '}
                    <Text span c="dimmed">
                      {suffix}
                    </Text>
                  </Text>
                  <Text c="dimmed" size="sm">
                    {info.pitch}
                  </Text>
                  <Button component={Link} to="/signup" variant={info.popular ? 'filled' : 'default'} mt="sm">
                    Start with {info.name}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        <Title order={2} mt={48} mb="sm">
          Add-ons
        </Title>
        <Table withTableBorder striped aria-label="Add-ons">
          <TableHeader columns={['Add-on', 'Monthly', 'Yearly']} />
          <Table.Tbody>
            {(Object.keys(ADDON_PRICING_USD) as (keyof typeof ADDON_PRICING_USD)[]).map((key) => (
              <Table.Tr key={key}>
                <Table.Td>{ADDON_INFO[key]}</Table.Td>
                <Table.Td>${ADDON_PRICING_USD[key].monthly}</Table.Td>
                <Table.Td>${ADDON_PRICING_USD[key].yearly}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <List mt="md" size="sm" c="dimmed">
          <List.Item>Add-ons are billed monthly and are non-refundable.</List.Item>
          <List.Item>Prices in USD; customers in the EU and UK see prices in EUR or GBP with local tax.</List.Item>
        </List>
      </Container>
    </PublicLayout>
  );
}
