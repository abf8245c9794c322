// A conversation on screen: its messages in a scrolling area that keeps the newest in view, and the form that
// sends the next one (at most the runtime's longest message; Send only with text to send).
import { Button, Group, ScrollArea, Stack, Textarea, type TextareaProps } from '@mantine/core';
import { conversationsApi } from '@parley/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * `newest` changes whenever a message is added (e.g. the count): the area then scrolls to the bottom. The scrolling
 * area is a named region that takes focus, so a keyboard user can scroll messages that hold nothing focusable.
 */
export function ChatMessages({ label, height, newest, children }: { label: string; height: number; newest: unknown; children: ReactNode }) {
  const bottom = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  return (
    <ScrollArea h={height} type="auto" viewportProps={{ role: 'region', 'aria-label': label, tabIndex: 0 }}>
      <Stack gap="sm" p="xs">
        {children}
        <div ref={bottom} />
      </Stack>
    </ScrollArea>
  );
}

export function MessageForm({
  value, onChange, onSend, sending = false, blocked = false, ...field
}: Pick<TextareaProps, 'label' | 'description' | 'placeholder' | 'aria-label'> & {
  value: string;
  onChange(value: string): void;
  /** The trimmed text. */
  onSend(text: string): void;
  /** Shows the Send button busy. */
  sending?: boolean;
  /** Nothing may be sent right now (e.g. an answer is on its way). */
  blocked?: boolean;
}) {
  const text = value.trim();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (text && !blocked) onSend(text);
      }}
    >
      <Group align="flex-end" gap="xs">
        <Textarea style={{ flex: 1 }} rows={2} maxLength={conversationsApi.MAX_CHAT_MESSAGE_CHARS} value={value} onChange={(e) => onChange(e.currentTarget.value)} {...field} />
        <Button type="submit" loading={sending} disabled={!text || blocked}>
          Send
        </Button>
      </Group>
    </form>
  );
}
