// /app/{region}/agents/{agentId}/metrics — the agent's key numbers over a date preset, from the daily rollups (live):
// resolution rate, handoff rate, average conversation length, the team's first response time after a handoff request
// and the share of answers that used the knowledge base. Each figure's definition is in its tooltip.
import { Card, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { insightFigures, type InsightFigure } from '@parley/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Heading } from '../../ui/Heading';
import { useAgentRollups, type RangePreset } from '../../lib/rollups-data';
import { RollupRangeView } from '../../ui/RollupRangeView';

function shown(figure: InsightFigure): string {
  if (figure.value === null) return 'No data';
  if (figure.unit === 'percent') return `${Math.round(figure.value * 1000) / 10} %`;
  if (figure.unit === 'seconds') return figure.value < 120 ? `${Math.round(figure.value)} s` : `${Math.round(figure.value / 60)} min`;
  return `${Math.round(figure.value * 10) / 10} messages`;
}

export default function MetricsPage() {
  const { agentId = '' } = useParams();
  const [preset, setPreset] = useState<RangePreset>('30');
  const { live } = useAgentRollups(agentId, Number(preset));
  return (
    <Stack gap="md">
      <Heading order={1} title="Metrics" note="Key numbers for your agent." />
      <RollupRangeView what="metrics" preset={preset} onPreset={setPreset} live={live}>
        {(days) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {insightFigures(days).map((figure) => (
            <Tooltip key={figure.key} label={figure.definition} multiline w={260}>
              <Card withBorder padding="md" tabIndex={0} aria-label={`${figure.label}: ${shown(figure)}. ${figure.definition}`} data-metric={figure.key}>
                <Text size="sm" c="dimmed">{figure.label}</Text>
                <Text size="xl" fw={700}>{shown(figure)}</Text>
              </Card>
            </Tooltip>
          ))}
        </SimpleGrid>
        )}
      </RollupRangeView>
    </Stack>
  );
}
