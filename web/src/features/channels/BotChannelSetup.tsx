// One setup form for the channels whose bot is connected with typed-in credentials (Telegram, Discord): the bot's
// connection with Disconnect, the credential fields checked before Save, the answers toasted.
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { channelsApi } from '@parley/core';
import { useState, type ReactNode } from 'react';
import type { SetupProps } from './setup-props';
import { useChannelAction, type ChannelAnswer } from './use-channel-action';

const errorOccurred = () => channelsApi.CHANNEL_TEXTS.errorOccurred;

export interface BotChannelSetupProps {
  channel: 'telegram' | 'discord';
  /** The channel's name, as in "Telegram connection". */
  name: string;
  connections: SetupProps['connections'];
  /** The help box and anything shown above the connection (an install link). */
  intro: ReactNode;
  /** The credential fields; `error` is the last validation problem. */
  fields(error: string | null): ReactNode;
  /** The problem with the typed-in fields, or null when they may be saved. */
  validate(): string | null;
  save(): Promise<ChannelAnswer>;
  disconnect(): Promise<ChannelAnswer>;
  /** Empties the fields once the bot is saved. */
  onSaved(): void;
  saveFailure?: (error: Error) => string;
}

export function BotChannelSetup(props: BotChannelSetupProps) {
  const [error, setError] = useState<string | null>(null);
  const connection = props.connections.find((c) => c.channel === props.channel);
  const save = useChannelAction(props.save, props.saveFailure ?? errorOccurred, (answer) => {
    if (answer.ok) props.onSaved();
  });
  const disconnect = useChannelAction(props.disconnect, errorOccurred);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = props.validate();
    setError(problem);
    if (!problem) save.mutate();
  }

  return (
    <Stack gap="md">
      {props.intro}
      {connection ? (
        <Group justify="space-between" role="status" aria-label={`${props.name} connection`}>
          <Group gap="xs">
            <Badge color="green">Active</Badge>
            <Text size="sm">Connected to {connection.label}</Text>
          </Group>
          <Button color="red" variant="light" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect
          </Button>
        </Group>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {props.fields(error)}
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
