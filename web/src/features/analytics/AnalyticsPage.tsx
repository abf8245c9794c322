// /app/{region}/agents/{agentId}/analytics — what the agent did over 7 days, 30 days, 3 months or a year, drawn from
// the daily rollups (one document per day, live; a range a link names, ?from=&to=, is checked by the same contract as
// the agentRollups callable, which refuses a bad one in words, and read live too): conversations and messages, handoffs and leads, channels, credits,
// credits across features, LLM tokens, and the widget's openings by country and browser. A bar is a day (a week past
// a quarter) and opens Chats (or Leads) filtered to its days; a channel's slice opens Chats filtered to it.
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { chatsLink, dailySeries, leadsLink, LISTED_CHANNELS, periodColumn, periodSeries, type AgentDailyRollup, type ListedChannel, type Region } from '@parley/core';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { Heading } from '../../ui/Heading';
import { CHANNEL_LABELS } from '../../ui/ListFilterBar';
import { ChartCard } from '../../ui/ChartCard';
import { useAgentRollups, type RangePreset } from '../../lib/rollups-data';
import { useLinkedAgentRollups } from './linked-rollups';
import { RollupRangeView } from '../../ui/RollupRangeView';

const CHANNEL_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.6', 'indigo.6', 'red.6', 'yellow.6'];

/** The names of the features that spend credits (a key not listed shows as itself). */
const FEATURE_LABELS: Record<string, string> = {
  'chat-message': 'Chat answers', 'voice-call': 'Voice calls', 'kb-embedding': 'Knowledge base', 'ai-css': 'AI styling',
};

const figures = (d: AgentDailyRollup | undefined) => ({
  conversations: d?.conversations ?? 0, messages: d?.messages ?? 0, handoffs: d?.handoffs ?? 0, leads: d?.leads ?? 0,
  credits: d?.credits ?? 0, inputTokens: d?.inputTokens ?? 0, outputTokens: d?.outputTokens ?? 0,
});

/** A bar's days from recharts' click (its payload is the row it draws: one day, or a week of a longer range). */
const daysOfBar = (bar: unknown): { from: string; to: string } | undefined => {
  const row = (bar as { payload?: { day?: string; to?: string } } | null)?.payload;
  return row?.day && row.to ? { from: row.day, to: row.to } : undefined;
};

export default function AnalyticsPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const [params, setParams] = useSearchParams();
  const [preset, setPreset] = useState<RangePreset>('30');
  // A link (Home, a notification, a bookmark) may name its own range: read as it is, checked by the server.
  const linked = params.has('from') || params.has('to') ? { from: params.get('from') ?? '', to: params.get('to') ?? '' } : null;
  const choose = (next: RangePreset) => {
    setPreset(next);
    if (linked) setParams({}, { replace: true });
  };
  return (
    <Stack gap="md">
      <Heading order={1} title="Analytics" note="How your agent performs." />
      {linked ? <LinkedRange region={region} agentId={agentId} range={linked} preset={preset} onPreset={choose} />
        : <PresetRange region={region} agentId={agentId} preset={preset} onPreset={choose} />}
    </Stack>
  );
}

interface RangeProps { region: Region; agentId: string; preset: RangePreset; onPreset(preset: RangePreset): void }

function PresetRange({ region, agentId, preset, onPreset }: RangeProps) {
  const { from, to, live } = useAgentRollups(agentId, Number(preset));
  return (
    <RollupRangeView what="analytics" preset={preset} onPreset={onPreset} live={live}>
      {(docs) => <AnalyticsCharts region={region} agentId={agentId} from={from} to={to} docs={docs} />}
    </RollupRangeView>
  );
}

function LinkedRange({ region, agentId, range, preset, onPreset }: RangeProps & { range: { from: string; to: string } }) {
  const live = useLinkedAgentRollups(agentId, range);
  return (
    <RollupRangeView what="analytics" preset={preset} onPreset={onPreset} live={live}>
      {(docs) => (
        <Stack gap="md">
          <Text size="sm" c="dimmed">From {range.from} to {range.to}, as the link asked: choose a preset above to change it.</Text>
          <AnalyticsCharts region={region} agentId={agentId} from={range.from} to={range.to} docs={docs} />
        </Stack>
      )}
    </RollupRangeView>
  );
}

/** The charts of a range's rollup documents (every day of from..to drawn, a quiet day as zeros). */
function AnalyticsCharts({ region, agentId, from, to, docs }: { region: Region; agentId: string; from: string; to: string; docs: AgentDailyRollup[] }) {
  const navigate = useNavigate();
  // A day per bar up to a quarter, a week per bar beyond (periodSeries): a bar opens the days it counts.
  const days = periodSeries(dailySeries(docs, from, to, figures));
  const period = periodColumn(days);
  const channels = LISTED_CHANNELS.map((channel, i) => ({
    channel, name: CHANNEL_LABELS[channel], color: CHANNEL_COLORS[i % CHANNEL_COLORS.length]!,
    value: docs.reduce((sum, d) => sum + (d.channels[channel] ?? 0), 0),
  })).filter((c) => c.value > 0);
  /** The range's sums per key of a counts map (countries, browsers, features), most first. */
  const totals = (pick: (d: AgentDailyRollup) => Record<string, number>) => {
    const sums = new Map<string, number>();
    for (const d of docs) for (const [key, n] of Object.entries(pick(d))) sums.set(key, (sums.get(key) ?? 0) + n);
    return [...sums].map(([name, opens]) => ({ name, opens })).sort((a, b) => b.opens - a.opens).slice(0, 10);
  };
  const countries = totals((d) => d.countries);
  const features = totals((d) => d.features).map((f, i) => ({
    name: FEATURE_LABELS[f.name] ?? f.name, value: Math.round(f.opens * 100) / 100, color: CHANNEL_COLORS[i % CHANNEL_COLORS.length]!,
  }));
  const browsers = totals((d) => d.browsers);
  const none = (...keys: Array<keyof ReturnType<typeof figures>>) => days.every((d) => keys.every((k) => d[k] === 0));
  const openChats = (bar: { from: string; to: string } | undefined, extra: { status?: 'handedOff' } = {}) => bar && navigate(chatsLink(region, agentId, { ...bar, ...extra }));
  const openChannel = (channel: ListedChannel) => navigate(chatsLink(region, agentId, { from, to, channel }));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title="Conversations and messages" chartKey="conversations-messages" empty={none('conversations', 'messages')}
        data={{ header: [period, 'Conversations', 'Messages'], rows: days.map((d) => [d.day, d.conversations, d.messages]) }}>
        <BarChart h={260} data={days} dataKey="day" role="img" aria-label="Conversations and messages per day"
          series={[{ name: 'conversations', label: 'Conversations', color: 'blue.6' }, { name: 'messages', label: 'Messages', color: 'teal.6' }]}
          barProps={{ onClick: (bar: unknown) => openChats(daysOfBar(bar)), cursor: 'pointer' }} />
      </ChartCard>
      <ChartCard title="Handoffs and leads" chartKey="handoffs-leads" empty={none('handoffs', 'leads')}
        data={{ header: [period, 'Handoffs', 'Leads'], rows: days.map((d) => [d.day, d.handoffs, d.leads]) }}>
        <BarChart h={260} data={days} dataKey="day" role="img" aria-label="Handoffs and leads per day"
          series={[{ name: 'handoffs', label: 'Handoffs', color: 'orange.6' }, { name: 'leads', label: 'Leads', color: 'green.6' }]}
          barProps={(series) => ({
            cursor: 'pointer',
            onClick: (bar: unknown) => {
              const days = daysOfBar(bar);
              if (!days) return;
              if (series.name === 'leads') navigate(leadsLink(region, agentId, days));
              else openChats(days, { status: 'handedOff' });
            },
          })} />
      </ChartCard>
      <ChartCard title="Channels" chartKey="channels" empty={channels.length === 0}
        data={{ header: ['Channel', 'Conversations'], rows: channels.map((c) => [c.name, c.value]) }}>
        <DonutChart data={channels} withLabels withTooltip role="img" aria-label="Conversations per channel"
          pieProps={{ cursor: 'pointer', onClick: (slice: unknown) => {
            const channel = (slice as { payload?: { channel?: ListedChannel } }).payload?.channel;
            if (channel) openChannel(channel);
          } }} />
      </ChartCard>
      <ChartCard title="Credits used" chartKey="credits-usage" empty={none('credits')}
        data={{ header: [period, 'Credits'], rows: days.map((d) => [d.day, d.credits]) }}>
        <LineChart h={260} data={days} dataKey="day" role="img" aria-label="Credits per day" series={[{ name: 'credits', label: 'Credits', color: 'violet.6' }]} />
      </ChartCard>
      <ChartCard title="Usage across features" chartKey="usage-across-features" empty={features.length === 0}
        data={{ header: ['Feature', 'Credits'], rows: features.map((f) => [f.name, f.value]) }}>
        <DonutChart data={features} withLabels withTooltip role="img" aria-label="Credits per feature" />
      </ChartCard>
      <ChartCard title="LLM tokens" chartKey="llm-tokens-usage" empty={none('inputTokens', 'outputTokens')}
        data={{ header: [period, 'Input tokens', 'Output tokens'], rows: days.map((d) => [d.day, d.inputTokens, d.outputTokens]) }}>
        <LineChart h={260} data={days} dataKey="day" role="img" aria-label="LLM tokens per day"
          series={[{ name: 'inputTokens', label: 'Input tokens', color: 'indigo.6' }, { name: 'outputTokens', label: 'Output tokens', color: 'cyan.6' }]} />
      </ChartCard>
      <ChartCard title="Countries" chartKey="countries" empty={countries.length === 0}
        data={{ header: ['Country', 'Widget openings'], rows: countries.map((c) => [c.name, c.opens]) }}>
        <BarChart h={260} data={countries} dataKey="name" orientation="vertical" role="img" aria-label="Widget openings per country"
          series={[{ name: 'opens', label: 'Widget openings', color: 'blue.6' }]} />
      </ChartCard>
      <ChartCard title="Browsers" chartKey="browsers" empty={browsers.length === 0}
        data={{ header: ['Browser', 'Widget openings'], rows: browsers.map((b) => [b.name, b.opens]) }}>
        <BarChart h={260} data={browsers} dataKey="name" orientation="vertical" role="img" aria-label="Widget openings per browser"
          series={[{ name: 'opens', label: 'Widget openings', color: 'grape.6' }]} />
      </ChartCard>
    </SimpleGrid>
  );
}
