// /app/{region}/agents/{agentId}/convos — the Chats inbox: conversations newest first with search,
// the transcript with its sources and human takeover. The list, the open conversation and its transcript
// are realtime listeners: a visitor's message or another operator's takeover shows up without polling.
import { Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { errorMessage } from '../../lib/api';
import { useLiveCollection, useLiveDoc } from '../../lib/live-data';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { ChatMessages, MessageForm } from '../../ui/ChatThread';
import { Heading } from '../../ui/Heading';
import { LiveError } from '../../ui/LiveError';
import type { Region } from '@parley/core';
import { ToolCallList } from '../../ui/ToolCallList';
import {
  conversationRef, conversationsQuery, matchesSearch, sendOperatorMessage, setConversationControl, toConversation, toConversations, toTranscript,
  transcriptQuery, type ConversationSummary, type TranscriptMessage,
} from './conversations-data';

function when(ts: number): string {
  return new Date(ts).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** The messaging channels' names (widget, test and API conversations carry no badge). */
const CHANNEL_NAMES: Partial<Record<ConversationSummary['channel'], string>> = {
  telegram: 'Telegram', discord: 'Discord', whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram',
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
          {c.handoffRequested ? <Badge color="orange" size="xs">Needs a human</Badge> : null}
          {c.control === 'human' ? <Badge color="teal" size="xs">Human</Badge> : null}
        </Group>
      </Group>
      <Text size="sm" lineClamp={2}>
        {c.lastMessage || '(no messages)'}
      </Text>
      <Text size="xs" c="dimmed">
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

function Transcript({ region, agentId, summary }: { region: Region; agentId: string; summary: ConversationSummary }) {
  const { user } = useCurrentWorkspace();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const db = useFirestore();
  // Its own listener: takeover state stays live even when the conversation leaves the list's newest 100.
  const live = useLiveDoc(useMemo(() => conversationRef(db, agentId, summary.ID), [db, agentId, summary.ID]), toConversation);
  const conversation = live.data ?? summary;
  const transcript = useLiveCollection(useMemo(() => transcriptQuery(db, agentId, summary.ID), [db, agentId, summary.ID]), toTranscript);
  const send = useMutation({
    mutationFn: (text: string) => sendOperatorMessage({ region, agentId, conversationId: conversation.ID, text }),
    onSuccess: () => {
      setReply('');
      setError(null);
    },
    onError: (e: Error) => setError(errorMessage(e)),
  });
  const control = useMutation({
    mutationFn: (next: 'ai' | 'human') => setConversationControl({ region, agentId, conversationId: conversation.ID, control: next }),
    onSuccess: () => setError(null),
    onError: (e: Error) => setError(errorMessage(e)),
  });

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

export default function ConversationsPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const db = useFirestore();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  // The page is routed under agents/:agentId, so there is always an agent to listen to.
  const list = useLiveCollection(useMemo(() => conversationsQuery(db, agentId), [db, agentId]), toConversations);

  const conversations = useMemo(() => (list.data ?? []).filter((c) => matchesSearch(c, search)), [list.data, search]);
  const current = (list.data ?? []).find((c) => c.ID === selected) ?? null;

  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h2">
        Chats
      </Title>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack w={320} gap="xs" style={{ flexShrink: 0 }}>
          <TextInput label="Search conversations" placeholder="Words, page or id" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          {list.isLoading ? <Loader size="sm" /> : null}
          {list.error ? <LiveError what="conversations" error={list.error} onRetry={list.retry} /> : null}
          {list.data && conversations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {search ? 'No conversation matches your search.' : 'No conversations yet. They appear here as visitors chat with your agent.'}
            </Text>
          ) : null}
          <ScrollArea h={560} type="auto">
            <Stack gap={4} component="nav" aria-label="Conversations">
              {conversations.map((c) => (
                <ConversationRow key={c.ID} c={c} active={c.ID === selected} onSelect={() => setSelected(c.ID)} />
              ))}
            </Stack>
          </ScrollArea>
        </Stack>
        {current ? (
          <Transcript key={current.ID} region={region} agentId={agentId} summary={current} />
        ) : (
          <Text c="dimmed">Choose a conversation to read it.</Text>
        )}
      </Group>
    </Stack>
  );
}
