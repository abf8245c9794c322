// AI CSS Assistant popover: a short chat (input up to 3 rows; Ctrl/Meta+Enter sends) that writes widget CSS.
import { ActionIcon, Button, Group, Paper, Popover, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AI_CSS_MAX_INPUT_ROWS, AI_CSS_MESSAGES, canSendAiCssMessage, extractCssBlocks, TOAST_MS, type Region } from '@parley/core';
import { useState } from 'react';
import { useOptionalWorkspace } from '../../lib/workspace-context';
import { generateCss, type CssChatMessage as ChatMessage } from './agent-builder-api';

export function AiCssAssistant(props: { agentId: string; region: Region; userId: string; currentCSS: string; onInsert: (css: string) => void }) {
  const workspace = useOptionalWorkspace();
  const [opened, setOpened] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [generating, setGenerating] = useState(false);
  const toast = (message: string, color: string) => notifications.show({ message, color, autoClose: TOAST_MS.medium });

  async function send() {
    const text = input.trim();
    // Empty messages and messages sent while generating are ignored.
    if (!canSendAiCssMessage(text, generating)) return;
    const next = [...messages, { role: 'user' as const, content: text }];
    setMessages(next);
    setInput('');
    setGenerating(true);
    try {
      const bearer = workspace ? await workspace.user.getIdToken() : null;
      const response = await generateCss({ messages: next, currentCSS: props.currentCSS, userId: props.userId, agentId: props.agentId, region: props.region, bearer });
      setMessages([...next, { role: 'assistant', content: response }]);
      const css = extractCssBlocks(response);
      if (css) {
        props.onInsert(css);
        toast(AI_CSS_MESSAGES.inserted, 'green');
      } else {
        toast(AI_CSS_MESSAGES.noCode, 'yellow');
      }
    } catch {
      setMessages([...next, { role: 'assistant', content: 'Sorry, I could not generate CSS this time. Please try again.' }]);
      toast(AI_CSS_MESSAGES.failed, 'red');
    } finally {
      setGenerating(false);
    }
  }

  function insertFrom(message: ChatMessage) {
    const css = extractCssBlocks(message.content);
    if (!css) {
      toast(AI_CSS_MESSAGES.noCodeInMessage, 'yellow');
      return;
    }
    props.onInsert(css);
    toast(AI_CSS_MESSAGES.inserted, 'green');
  }

  return (
    <Popover opened={opened} onChange={setOpened} width={380} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="light" size="xs" onClick={() => setOpened((o) => !o)}>
          AI CSS Assistant
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="AI CSS Assistant">
        <Stack gap="xs">
          <ScrollArea.Autosize mah={280}>
            <Stack gap={6}>
              {messages.length === 0 && (
                <Text size="sm" c="dimmed">
                  Describe the look you want, e.g. “make the header #0f766e and round the message bubbles”.
                </Text>
              )}
              {messages.map((m, i) => (
                <Paper key={i} p="xs" withBorder bg={m.role === 'user' ? 'var(--mantine-color-default-hover)' : undefined}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.content}
                  </Text>
                  {m.role === 'assistant' && (
                    <Group justify="flex-end">
                      <Button size="compact-xs" variant="subtle" onClick={() => insertFrom(m)}>
                        Insert CSS
                      </Button>
                    </Group>
                  )}
                </Paper>
              ))}
              {generating && (
                <Text size="sm" c="dimmed">
                  Generating…
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Textarea
              aria-label="Message to the AI CSS Assistant"
              placeholder="Ctrl+Enter to send"
              autosize
              minRows={1}
              maxRows={AI_CSS_MAX_INPUT_ROWS}
              style={{ flex: 1 }}
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  void send();
                }
              }}
            />
            <ActionIcon size="lg" onClick={() => void send()} disabled={!canSendAiCssMessage(input, generating)} aria-label="Send to AI CSS Assistant">
              ➤
            </ActionIcon>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
