// /app/{region}/agents/{agentId}/home — the client's first page: this week's conversations, leads and credits against
// last week, the latest five conversations and leads, and a link to try the agent on its prototype page. A part the
// viewer may not read (its access lacks the page) is left out.
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { routes } from '@parley/core';
import { Link, useParams } from 'react-router-dom';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { Heading } from '../../ui/Heading';
import { useHomeData, weeks, type WeekFigures } from './home-data';

const when = (ts: number) => new Date(ts).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

function Change({ now, before }: { now: number; before: number }) {
  const diff = now - before;
  if (diff === 0) return <Badge variant="light" color="gray">Same as last week</Badge>;
  const label = before === 0 ? `+${Math.round(diff * 100) / 100} vs last week` : `${diff > 0 ? '+' : ''}${Math.round((diff / before) * 100)} % vs last week`;
  return <Badge variant="light" color={diff > 0 ? 'green' : 'orange'}>{label}</Badge>;
}

interface LatestRow {
  key: string;
  to: string;
  label: string;
  cells: string[];
}

/** A short table of the latest items, each opening its conversation. */
function LatestCard({ title, empty, rows }: { title: string; empty: string; rows: LatestRow[] }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">{title}</Title>
      {rows.length === 0 ? <Text size="sm" c="dimmed">{empty}</Text> : (
        <Table aria-label={title}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td><Anchor component={Link} to={row.to}>{row.label}</Anchor></Table.Td>
                {row.cells.map((cell, i) => <Table.Td key={i}>{cell}</Table.Td>)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

const FIGURES: Array<{ key: keyof WeekFigures; label: string }> = [
  { key: 'conversations', label: 'Conversations this week' },
  { key: 'leads', label: 'Leads this week' },
  { key: 'credits', label: 'Credits this week' },
];

export default function HomePage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const { rollups, conversations, leads, thisWeekFrom } = useHomeData(agentId);
  const week = rollups.data ? weeks(rollups.data, thisWeekFrom) : null;
  const chat = (conversationId: string) => `${routes.agent(region, agentId, 'convos')}?conversation=${encodeURIComponent(conversationId)}`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Heading order={1} title="Home" note="A summary of your agent." />
        <Button component="a" href={routes.prototype(region, agentId)} target="_blank" rel="noopener" variant="light">Try your agent</Button>
      </Group>
      {week ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {FIGURES.map((f) => (
            <Card key={f.key} withBorder padding="md" data-figure={f.key}>
              <Text size="sm" c="dimmed">{f.label}</Text>
              <Text size="xl" fw={700}>{Math.round(week.thisWeek[f.key] * 100) / 100}</Text>
              <Change now={week.thisWeek[f.key]} before={week.lastWeek[f.key]} />
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {conversations.data ? (
          <LatestCard title="Latest conversations" empty="No conversations yet." rows={conversations.data.map((c) => ({
            key: c.ID, to: chat(c.ID), label: c.lead?.name || c.lead?.email || c.lastMessage || 'Conversation', cells: [when(c.lastMessageAt)],
          }))} />
        ) : null}
        {leads.data ? (
          <LatestCard title="Latest leads" empty="No leads yet." rows={leads.data.map((l) => ({
            key: l.ID, to: chat(l.conversationId), label: l.name || l.email || l.phone || 'Lead', cells: [l.email ?? '', when(l.createdAt)],
          }))} />
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
