// The test debugger: a mini chat against the agent's current draft (unsaved edits included), with the
// trace of each answer (who answered, model, retrieved sources). One session is one test conversation, kept apart
// from the real ones (never shown in Chats).
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { ChatMessages, MessageForm } from '../../ui/ChatThread';
import { sendTestMessage, type TestAnswer, type TestTurn } from './test-chat';
import { ToolCallList } from '../../ui/ToolCallList';

interface Entry {
  role: 'user' | 'assistant' | 'error';
  text: string;
  trace?: TestAnswer;
}

export function TestDebugger({ agent }: { agent: AgentDoc }) {
  const { region, user } = useCurrentWorkspace();
  const draft = useAgentDraft(agent.ID)?.draft ?? agent;
  const [entries, setEntries] = useState<Entry[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const [session, setSession] = useState(0);
  // The conversation the server started for this session: sent back so the session stays one conversation.
  const conversationId = useRef<string | undefined>(undefined);

  const run = async (action: 'launch' | 'text', message?: string) => {
    const history: TestTurn[] = entries.filter((e) => e.role !== 'error').map((e) => ({ role: e.role as TestTurn['role'], text: e.text }));
    if (message) setEntries((list) => [...list, { role: 'user', text: message }]);
    setBusy(true);
    setStreaming('');
    try {
      const answer = await sendTestMessage({
        region, agentId: agent.ID, idToken: await user.getIdToken(), draft, action, message, history, conversationId: conversationId.current,
        onDelta: (piece) => setStreaming((s) => (s ?? '') + piece),
      });
      conversationId.current = answer.conversationId;
      setEntries((list) => [...list, ...answer.parts.map((part, i) => ({ role: 'assistant' as const, text: part, trace: i === answer.parts.length - 1 ? answer : undefined }))]);
    } catch (error) {
      setEntries((list) => [...list, { role: 'error', text: errorMessage(error, 'Something went wrong.') }]);
    } finally {
      setBusy(false);
      setStreaming(null);
    }
  };

  // Each (re)started test conversation begins with the launch message(s), as the widget does.
  useEffect(() => {
    conversationId.current = undefined;
    void run('launch');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, agent.ID]);

  return (
    <Stack gap="xs" h="100%">
      <Group justify="space-between">
        <Title order={2} size="h5">
          Test your agent
        </Title>
        <Button size="compact-xs" variant="subtle" onClick={() => { setEntries([]); setSession((n) => n + 1); }}>
          Restart
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Uses your current draft, saved or not. Test chats are not shown in Chats.
      </Text>
      <ChatMessages label="Test conversation" height={520} newest={`${entries.length}:${streaming ?? ''}`}>
        {entries.map((e, i) => (
          <Stack key={i} gap={2} align={e.role === 'user' ? 'flex-end' : 'flex-start'}>
            <Paper p="xs" radius="md" withBorder maw="90%" bg={e.role === 'user' ? 'var(--mantine-color-blue-light)' : e.role === 'error' ? 'var(--mantine-color-red-light)' : undefined}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} role={e.role === 'error' ? 'alert' : undefined}>
                {e.text}
              </Text>
            </Paper>
            {e.trace ? (
              <Group gap={4}>
                <Badge size="xs" variant="light">{e.trace.responder ?? 'silent'}</Badge>
                {e.trace.modelId ? <Badge size="xs" variant="outline">{e.trace.modelId}</Badge> : null}
                {e.trace.step !== undefined ? <Badge size="xs" color="teal" variant="light">Step: {e.trace.step}</Badge> : null}
                {e.trace.failed ? <Badge size="xs" color="red">failed</Badge> : null}
                {e.trace.sources.map((s) => (
                  <Badge key={`${s.title}|${s.score}`} size="xs" color="gray" title={s.excerpt}>
                    {s.title} ({s.score})
                  </Badge>
                ))}
              </Group>
            ) : null}
            {e.trace ? <ToolCallList calls={e.trace.toolCalls} /> : null}
          </Stack>
        ))}
        {streaming !== null ? (
          <Paper p="xs" radius="md" withBorder maw="90%">
            <Text size="sm" c={streaming ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
              {streaming || 'Typing…'}
            </Text>
          </Paper>
        ) : null}
      </ChatMessages>
      <MessageForm
        aria-label="Test message"
        placeholder="Ask your agent something…"
        value={text}
        onChange={setText}
        blocked={busy}
        onSend={(message) => {
          setText('');
          void run('text', message);
        }}
      />
    </Stack>
  );
}
