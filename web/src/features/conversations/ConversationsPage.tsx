// /app/{region}/agents/{agentId}/convos — the Chats inbox: conversations newest first with search,
// the transcript with its sources and human takeover. The list, the open conversation and its transcript
// are realtime listeners: a visitor's message or another operator's takeover shows up without polling.
import { Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { errorMessage } from '../../lib/api';
import { useListFilters } from '../../lib/list-filters';
import { useLiveCollection, useLiveDoc } from '../../lib/live-data';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { ChatMessages, MessageForm } from '../../ui/ChatThread';
import { Heading } from '../../ui/Heading';
import { ListFilterBar } from '../../ui/ListFilterBar';
import { LiveError } from '../../ui/LiveError';
import type { Region } from '@parley/core';
import { ToolCallList } from '../../ui/ToolCallList';
import { CallSummary } from './CallSummary';
import {
  chatsQuery, conversationRef, fetchChats, LIST_LIMIT, matchesSearch, passesFilters, sendOperatorMessage, setConversationControl, toConversation,
  toConversations, toTranscript, transcriptQuery, type ConversationSummary, type TranscriptMessage,
} from './conversations-data';

function when(ts: number): string {
  return new Date(ts).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** The messaging channels' names (widget, test and API conversations carry no badge). */
const CHANNEL_NAMES: Partial<Record<ConversationSummary['channel'], string>> = {
  telegram: 'Telegram', discord: 'Discord', whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram',
  phone: 'Phone call', webcall: 'Web call',
};

/** Who wrote: a channel user's display name, else "Visitor". */
const userName = (c: Pick<ConversationSummary, 'channelUser'>): string => c.channelUser?.name || 'Visitor';

function ChannelBadge({ c }: { c: ConversationSummary }) {
  const name = CHANNEL_NAMES[c.channel];
  return name ? (
    <Badge color="grape" size="xs" variant="light" aria-label={`Channel: ${name}`}>
      {name}
    </Badge>
  ) : null;
}

function ConversationRow({ c, active, onSelect }: { c: ConversationSummary; active: boolean; onSelect(): void }) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      p="sm"
      style={{ borderRadius: 8, background: active ? 'var(--mantine-color-blue-light)' : undefined, display: 'block', width: '100%' }}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {when(c.lastMessageAt)}
        </Text>
        <Group gap={4}>
          <ChannelBadge c={c} />
          {c.hasLead ? <Badge color="green" size="xs">Lead</Badge> : null}
          {c.handoffRequested ? <Badge color="orange" size="xs">Needs a human</Badge> : null}
          {c.control === 'human' ? <Badge color="teal" size="xs">Human</Badge> : null}
        </Group>
      </Group>
      <Text size="sm" lineClamp={2}>
        {c.lastMessage || '(no messages)'}
      </Text>
      <Text size="xs" c="dimmed">
        {c.lead?.name || c.lead?.email ? `${c.lead.name || c.lead.email} · ` : ''}
        {c.channelUser ? `${userName(c)} · ` : ''}
        {c.messageCount} messages{c.pageUrl ? ` · ${c.pageUrl}` : ''}
      </Text>
    </UnstyledButton>
  );
}

function Bubble({ m, user }: { m: TranscriptMessage; user: string }) {
  if (m.role === 'system') {
    return (
      <Text size="xs" c="dimmed" ta="center">
        {m.text}
      </Text>
    );
  }
  const mine = m.role !== 'user';
  const label = m.role === 'user' ? user : m.role === 'operator' ? 'You (operator)' : m.responder === 'offline' ? 'AI (offline)' : 'AI';
  const titles = [...new Set((m.sources ?? []).map((s) => s.title))];
  return (
    <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} data-role={m.role}>
      <Text size="xs" c="dimmed">
        {label} · {when(m.ts)}
        {m.status === 'failed' ? ' · failed' : ''}
      </Text>
      <Paper p="xs" radius="md" withBorder maw="80%" bg={mine ? 'var(--mantine-color-blue-light)' : undefined}>
        <ToolCallList calls={m.toolCalls} />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {m.text}
        </Text>
        {titles.length > 0 ? (
          <Text size="xs" c="dimmed" mt={4}>
            Sources: {titles.join(', ')}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}

function controlLabel(c: ConversationSummary, uid: string): string {
  if (c.control !== 'human') return 'The AI is answering.';
  return c.operatorUid === uid ? 'Taken over by you: the AI stays silent.' : 'Taken over by a team member: the AI stays silent.';
}

function Transcript({ region, agentId, conversationId, summary }: { region: Region; agentId: string; conversationId: string; summary: ConversationSummary | null }) {
  const { user } = useCurrentWorkspace();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const db = useFirestore();
  // Its own listener: takeover state stays live even when the conversation leaves the list's newest 100.
  const live = useLiveDoc(useMemo(() => conversationRef(db, agentId, conversationId), [db, agentId, conversationId]), toConversation);
  const conversation = live.data ?? summary;
  const transcript = useLiveCollection(useMemo(() => transcriptQuery(db, agentId, conversationId), [db, agentId, conversationId]), toTranscript);
  const send = useMutation({
    mutationFn: (text: string) => sendOperatorMessage({ region, agentId, conversationId, text }),
    onSuccess: () => {
      setReply('');
      setError(null);
    },
    onError: (e: Error) => setError(errorMessage(e)),
  });
  const control = useMutation({
    mutationFn: (next: 'ai' | 'human') => setConversationControl({ region, agentId, conversationId, control: next }),
    onSuccess: () => setError(null),
    onError: (e: Error) => setError(errorMessage(e)),
  });
  if (!conversation) {
    return live.error ? <LiveError what="the conversation" error={live.error} onRetry={live.retry} /> : live.isLoading ? <Loader size="sm" /> : <Text c="dimmed">This conversation does not exist.</Text>;
  }

  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between">
        <Heading
          order={2}
          title="Conversation"
          note={
            <>
              Started {when(conversation.createdAt)} · {CHANNEL_NAMES[conversation.channel] ?? conversation.channel}
              {conversation.channelUser ? ` · ${userName(conversation)}` : ''}
              {conversation.visitor?.countryCode ? ` · ${conversation.visitor.countryCode}` : ''}
            </>
          }
        >
          <Text size="xs" role="status" aria-label="Who answers">
            {controlLabel(conversation, user.uid)}
          </Text>
        </Heading>
        {conversation.control === 'human' ? (
          <Button variant="light" size="xs" loading={control.isPending} onClick={() => control.mutate('ai')}>
            Hand back to AI
          </Button>
        ) : (
          <Button variant="light" size="xs" loading={control.isPending} onClick={() => control.mutate('human')}>
            Take over
          </Button>
        )}
      </Group>
      {conversation.call && (conversation.channel === 'phone' || conversation.channel === 'webcall') ? <CallSummary channel={conversation.channel} call={conversation.call} /> : null}
      <ChatMessages label="Transcript" height={460} newest={transcript.data?.length ?? 0}>
        {transcript.isLoading ? <Loader size="sm" /> : null}
        {transcript.error ? <LiveError what="the messages" error={transcript.error} onRetry={transcript.retry} /> : null}
        {live.error ? <LiveError what="the conversation" error={live.error} onRetry={live.retry} /> : null}
        {(transcript.data ?? []).map((m) => (
          <Bubble key={m.ID} m={m} user={userName(conversation)} />
        ))}
      </ChatMessages>
      <MessageForm
        label="Reply as a team member"
        description={conversation.control === 'human' ? 'The AI stays silent until the conversation is handed back.' : 'Sending takes the conversation over from the AI.'}
        value={reply}
        onChange={setReply}
        sending={send.isPending}
        onSend={(text) => send.mutate(text)}
      />
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Conversations newest first, each once (a search's contact matches first). */
const unique = (lists: ConversationSummary[][]): ConversationSummary[] => {
  const seen = new Set<string>();
  return lists.flat().filter((c) => !seen.has(c.ID) && !!seen.add(c.ID));
};

export default function ConversationsPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const db = useFirestore();
  const [filters, setFilters, rangeProblem] = useListFilters();
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
  const select = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('conversation', id);
      return next;
    });
  const { q, ...listed } = filters;
  const listedKey = JSON.stringify(listed);
  // "Open" and "ended" are measured from when the filters were set, so the live query stays the same meanwhile; typing
  // a search is not a new filter, so the newest page keeps its listener.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new time only when the filters change
  const now = useMemo(() => Date.now(), [listedKey]);
  // The newest page is live; the search's contact matches (name, e-mail, phone of the lead) are a second listener.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the filters' value
  const baseQuery = useMemo(() => chatsQuery(db, agentId, { filters: listed, before: Number.MAX_SAFE_INTEGER, now }), [db, agentId, listedKey, now]);
  // Without a search the second listener is the first one's query: the SDK shares one listen target for equal queries.
  const searchQuery = useMemo(
    () => (q ? chatsQuery(db, agentId, { filters: { ...listed, q }, before: Number.MAX_SAFE_INTEGER, now }) : baseQuery),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the filters' value
    [db, agentId, listedKey, q, now, baseQuery],
  );
  const list = useLiveCollection(baseQuery, toConversations);
  const contacts = useLiveCollection(searchQuery, toConversations);
  const [older, setOlder] = useState<ConversationSummary[]>([]);
  const [olderState, setOlderState] = useState<{ loading: boolean; error: string | null; done: boolean }>({ loading: false, error: null, done: false });
  useEffect(() => {
    setOlder([]);
    setOlderState({ loading: false, error: null, done: false });
  }, [agentId, listedKey]);

  const loaded = useMemo(() => [...(list.data ?? []), ...older], [list.data, older]);
  const conversations = useMemo(
    () => (q ? unique([(contacts.data ?? []).filter((c) => passesFilters(c, filters, now)), loaded.filter((c) => matchesSearch(c, q))]) : loaded),
    [q, contacts.data, loaded, filters, now],
  );
  const current = loaded.find((c) => c.ID === selected) ?? (contacts.data ?? []).find((c) => c.ID === selected) ?? null;
  const lastShown = loaded[loaded.length - 1];
  const canLoadOlder = !olderState.done && (list.data?.length ?? 0) >= LIST_LIMIT - 10 && !!lastShown;
  const loadOlder = useCallback(async () => {
    if (!lastShown) return;
    setOlderState((s) => ({ ...s, loading: true, error: null }));
    try {
      const page = await fetchChats(db, agentId, { filters: listed, before: lastShown.lastMessageAt, now });
      setOlder((rows) => unique([rows, page]));
      setOlderState({ loading: false, error: null, done: page.length === 0 });
    } catch (error) {
      setOlderState({ loading: false, error: errorMessage(error, 'Older conversations could not be loaded.'), done: false });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the filters' value
  }, [db, agentId, listedKey, now, lastShown]);

  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h2">
        Chats
      </Title>
      <ListFilterBar filters={filters} onChange={setFilters} searchLabel="Search conversations" searchPlaceholder="Name, e-mail, phone or words" chatFilters rangeProblem={rangeProblem} />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack w={320} gap="xs" style={{ flexShrink: 0 }}>
          {list.isLoading ? <Loader size="sm" /> : null}
          {list.error ? <LiveError what="conversations" error={list.error} onRetry={list.retry} /> : null}
          {list.data && conversations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {q ? 'No conversation matches your search.' : Object.keys(filters).length > 0 ? 'No conversation matches these filters.' : 'No conversations yet. They appear here as visitors chat with your agent.'}
            </Text>
          ) : null}
          <ScrollArea h={560} type="auto">
            <Stack gap={4} component="nav" aria-label="Conversations">
              {conversations.map((c) => (
                <ConversationRow key={c.ID} c={c} active={c.ID === selected} onSelect={() => select(c.ID)} />
              ))}
            </Stack>
            {canLoadOlder ? (
              <Button variant="subtle" size="xs" fullWidth mt="xs" loading={olderState.loading} onClick={() => void loadOlder()}>
                Load older conversations
              </Button>
            ) : null}
            {olderState.error ? (
              <Text size="xs" c="red" role="alert">
                {olderState.error}
              </Text>
            ) : null}
          </ScrollArea>
        </Stack>
        {selected ? (
          <Transcript key={selected} region={region} agentId={agentId} conversationId={selected} summary={current} />
        ) : (
          <Text c="dimmed">Choose a conversation to read it.</Text>
        )}
      </Group>
    </Stack>
  );
}
