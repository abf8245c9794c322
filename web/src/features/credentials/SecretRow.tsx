// One secret as the Credentials page shows it: masked to its last 4 characters, Copy (fetched from the server
// when clicked, never kept in the page), and, for those that can be, Regenerate.
import { Button, Code, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api';

export const masked = (last4: string | undefined) => (last4 ? `••••••••${last4}` : 'Not created yet');

export async function copyText(text: string): Promise<void> {
  await navigator.clipboard?.writeText(text);
}

export function SecretRow(props: { label: string; last4: string | undefined; reveal(): Promise<string>; extra?: ReactNode }) {
  async function copy() {
    try {
      await copyText(await props.reveal());
      notifications.show({ color: 'green', message: `${props.label} copied`, autoClose: TOAST_MS.default });
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${errorMessage(error)}`, autoClose: TOAST_MS.long });
    }
  }
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text fw={500}>{props.label}</Text>
        <Code aria-label={`${props.label} (masked)`}>{masked(props.last4)}</Code>
      </div>
      <Group gap="xs">
        <Button variant="light" size="xs" onClick={() => void copy()} aria-label={`Copy ${props.label}`}>Copy</Button>
        {props.extra}
      </Group>
    </Group>
  );
}
