// /app/{region}/sessions — widget and channel sessions across the workspace's agents, newest first: agent, channel,
// country, page, start, duration, messages and whether a lead was left. Each agent's latest sessions are a live
// listener, so "Live now" (a session whose last message is within the idle time) follows the traffic as it happens.
// Each row opens its conversation.
import { Anchor, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { CONVERSATION_IDLE_END_MS, routes, storedConversationSchema, type Conversation } from '@parley/core';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { useWorkspaceAgents } from '../../lib/agents-data';
import { useLiveCollection, type LiveRow } from '../../lib/live-data';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { Heading } from '../../ui/Heading';
import { CHANNEL_LABELS } from '../../ui/ListFilterBar';

/** The latest sessions listened to per agent. */
export const SESSIONS_PER_AGENT = 50;

const toSessions = (rows: LiveRow[]): Conversation[] =>
  rows.flatMap((row) => {
    const parsed = storedConversationSchema.safeParse(row);
    return parsed.success && parsed.data.messageCount > 0 ? [parsed.data] : [];
  });

/** One agent's listener: reports its sessions to the page (renders nothing). */
function AgentSessions({ agentId, onSessions }: { agentId: string; onSessions: (agentId: string, sessions: Conversation[]) => void }) {
  const db = useFirestore();
  const latest = useMemo(() => query(collection(db, 'voiceglow', agentId, 'conversations'), orderBy('lastMessageAt', 'desc'), limit(SESSIONS_PER_AGENT)), [db, agentId]);
  const { data } = useLiveCollection(latest, toSessions);
  useEffect(() => {
    if (data) onSessions(agentId, data);
  }, [agentId, data, onSessions]);
  return null;
}

const duration = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`);
const when = (ts: number) => new Date(ts).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

export default function SessionsPage() {
  const { region } = useCurrentWorkspace();
  const agents = useWorkspaceAgents();
  const [byAgent, setByAgent] = useState<Record<string, Conversation[]>>({});
  const [liveOnly, setLiveOnly] = useState(false);
  const onSessions = useCallback((agentId: string, sessions: Conversation[]) => setByAgent((all) => ({ ...all, [agentId]: sessions })), []);
  const titles = new Map((agents.data ?? []).map((a) => [a.ID, a.title || 'Untitled agent']));
  const now = Date.now();
  const isLive = (s: Conversation) => s.lastMessageAt >= now - CONVERSATION_IDLE_END_MS;
  const sessions = Object.values(byAgent).flat().filter((s) => titles.has(s.agentId) && (!liveOnly || isLive(s))).sort((a, b) => b.lastMessageAt - a.lastMessageAt);
  return (
    <Stack gap="md">
      <Heading order={1} title="Sessions" note="Live and past widget sessions across your agents." />
      {(agents.data ?? []).map((a) => <AgentSessions key={a.ID} agentId={a.ID} onSessions={onSessions} />)}
      <Group>
        <Checkbox label="Live now" checked={liveOnly} onChange={(e) => setLiveOnly(e.currentTarget.checked)} />
      </Group>
      {sessions.length === 0 ? (
        <Text c="dimmed" size="sm">{liveOnly ? 'No session is live now.' : 'No sessions yet. They appear here as visitors chat with your agents.'}</Text>
      ) : (
        <Table aria-label="Sessions" striped>
          <Table.Thead>
            <Table.Tr>
              {['Agent', 'Channel', 'Country', 'Page', 'Start', 'Duration', 'Messages', 'Lead'].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((s) => (
              <Table.Tr key={`${s.agentId}/${s.ID}`}>
                <Table.Td>
                  <Anchor component={Link} to={`${routes.agent(region, s.agentId, 'convos')}?conversation=${encodeURIComponent(s.ID)}`}>{titles.get(s.agentId)}</Anchor>
                  {isLive(s) ? <Badge ml="xs" size="xs" color="green">Live</Badge> : null}
                </Table.Td>
                <Table.Td>{s.channel === 'test' ? 'Test' : CHANNEL_LABELS[s.channel]}</Table.Td>
                <Table.Td>{s.visitor.countryCode ?? ''}</Table.Td>
                <Table.Td>{s.pageUrl ?? ''}</Table.Td>
                <Table.Td>{when(s.createdAt)}</Table.Td>
                <Table.Td>{duration(Math.max(0, s.lastMessageAt - s.createdAt))}</Table.Td>
                <Table.Td>{s.messageCount}</Table.Td>
                <Table.Td>{s.hasLead ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
