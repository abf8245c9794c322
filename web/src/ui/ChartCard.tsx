// One chart with its title, its Export CSV (exactly the rows it plots) and, when the range holds nothing, a sentence
// in its place instead of an empty drawing.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { csvText, downloadCsv } from '../lib/csv';

export interface ChartRows {
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

export interface ChartCardProps {
  title: string;
  /** The chart's key (its CSV's file name). */
  chartKey: string;
  data: ChartRows;
  empty: boolean;
  children: ReactNode;
}

export function ChartCard({ title, chartKey, data, empty, children }: ChartCardProps) {
  return (
    <Card withBorder padding="md" data-chart={chartKey}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">{title}</Title>
          <Button size="xs" variant="default" aria-label={`Export CSV of ${title}`} onClick={() => downloadCsv(`${chartKey}.csv`, csvText(data.header, data.rows))}>
            Export CSV
          </Button>
        </Group>
        {empty ? <Text c="dimmed" size="sm">No data in this range.</Text> : children}
      </Stack>
    </Card>
  );
}
