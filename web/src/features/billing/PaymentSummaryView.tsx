// The payment summary shown before paying: each line, the discount, the tax line and the total, in the
// workspace's currency.
import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney, type PaymentSummary } from './money';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

export function PaymentSummaryView({ summary, period = '/month' }: { summary: PaymentSummary; period?: string }) {
  const money = (n: number) => formatMoney(n, summary.currency);
  return (
    <Stack gap={4} component="section" aria-label="Payment summary">
      <Text size="sm" fw={600}>
        Payment summary
      </Text>
      {summary.lines.map((line) => (
        <Row key={line.label} label={line.label} value={money(line.amount)} />
      ))}
      {summary.discount > 0 ? <Row label="Discount" value={`-${money(summary.discount)}`} /> : null}
      <Row label={summary.taxLabel} value={money(summary.tax)} />
      <Divider my={4} />
      <Row label="Total" value={`${money(summary.total)}${period}`} strong />
    </Stack>
  );
}
