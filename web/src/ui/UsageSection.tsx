// A payer's Usage (the workspace's on Billing, an org's in its client billing dashboard): what its credits went on over 7 days, 30 days, 3 months or a year, drawn from its daily
// rollups (one document per day whatever the traffic): credits per day (credits-usage-global), per agent over the
// range (usage-across-agents) and each agent's credits per day (credits-usage-agents). Each chart exports what it
// plots.
import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { dailySeries, periodColumn, periodSeries, type PayerDailyRollup } from '@parley/core';
import { useState } from 'react';
import { usePayerRollups, type PayerRef, type RangePreset } from '../lib/rollups-data';
import { RollupRangeView } from './RollupRangeView';
import { ChartCard } from './ChartCard';

/** Agents drawn one line each in credits-usage-agents: the ones that used the most; the rest are summed as "Other". */
const TOP_AGENTS = 5;
const AGENT_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'gray.6'];
const OTHER = 'Other agents';

export interface UsageSectionProps {
  payer: PayerRef;
  /** Names the agents by id (agents the payer no longer has are named by their id). */
  agentNames?: ReadonlyMap<string, string>;
}

export function UsageSection({ payer, agentNames }: UsageSectionProps) {
  const [preset, setPreset] = useState<RangePreset>('30');
  const { from, to, live } = usePayerRollups(payer, Number(preset));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">Usage</Title>
      <RollupRangeView what="usage" preset={preset} onPreset={setPreset} live={live}>
        {(rollups) => <UsageCharts rollups={rollups} from={from} to={to} agentNames={agentNames} />}
      </RollupRangeView>
    </Stack>
  );
}

function UsageCharts({ rollups, from, to, agentNames }: { rollups: PayerDailyRollup[]; from: string; to: string; agentNames?: ReadonlyMap<string, string> }) {
  const nameOf = (agentId: string) => agentNames?.get(agentId) ?? agentId;
  const totals = new Map<string, number>();
  for (const d of rollups) for (const [agentId, credits] of Object.entries(d.agents)) totals.set(agentId, (totals.get(agentId) ?? 0) + credits);
  const byAgent = [...totals].map(([agentId, credits]) => ({ agentId, agent: nameOf(agentId), credits })).sort((a, b) => b.credits - a.credits);
  const top = byAgent.slice(0, TOP_AGENTS);
  const others = byAgent.length > TOP_AGENTS;
  const series = [...top.map((a, i) => ({ name: a.agentId, label: a.agent, color: AGENT_COLORS[i]! })), ...(others ? [{ name: OTHER, label: OTHER, color: AGENT_COLORS[TOP_AGENTS]! }] : [])];
  // A point a day up to a quarter, a point a week beyond (periodSeries), as Analytics draws them.
  const days = periodSeries(dailySeries(rollups, from, to, (d) => {
    const row: Record<string, number> = { credits: d?.credits ?? 0 };
    for (const a of top) row[a.agentId] = d?.agents[a.agentId] ?? 0;
    if (others) row[OTHER] = Object.entries(d?.agents ?? {}).reduce((sum, [id, n]) => (top.some((a) => a.agentId === id) ? sum : sum + n), 0);
    return row;
  }));
  const period = periodColumn(days);
  const noCredits = days.every((d) => !d.credits);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title="Credits used" chartKey="credits-usage-global" empty={noCredits} data={{ header: [period, 'Credits'], rows: days.map((d) => [d.day, d.credits ?? 0]) }}>
        <LineChart h={240} data={days} dataKey="day" role="img" aria-label="Credits used per day" series={[{ name: 'credits', label: 'Credits', color: 'violet.6' }]} />
      </ChartCard>
      <ChartCard title="Credits per agent" chartKey="usage-across-agents" empty={byAgent.length === 0} data={{ header: ['Agent', 'Credits'], rows: byAgent.map((a) => [a.agent, a.credits]) }}>
        <BarChart h={240} data={byAgent} dataKey="agent" orientation="vertical" role="img" aria-label="Credits per agent" series={[{ name: 'credits', label: 'Credits', color: 'blue.6' }]} />
      </ChartCard>
      <ChartCard
        title="Agents' credits per day"
        chartKey="credits-usage-agents"
        empty={byAgent.length === 0}
        data={{ header: [period, ...series.map((s) => s.label)], rows: days.map((d) => [d.day, ...series.map((s) => (d as Record<string, number>)[s.name] ?? 0)]) }}
      >
        <LineChart h={240} data={days} dataKey="day" role="img" aria-label="Each agent's credits per day" series={series} withLegend />
      </ChartCard>
    </SimpleGrid>
  );
}
