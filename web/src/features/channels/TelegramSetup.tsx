// Telegram: the bot token from @BotFather, Save (getMe, deleteWebhook, setWebhook, store the bot), Disconnect.
import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelsApi, validateTelegramToken, type Region } from '@parley/core';
import { useState } from 'react';
import { callFunction } from '../../lib/functions';
import { channelKeys } from './channels-data';
import { HelpBox } from './HelpBox';
import { toast } from './toast';

export interface SetupProps {
  region: Region;
  agentId: string;
  connections: channelsApi.ChannelConnection[];
  hideHelp: boolean;
}

export function TelegramSetup({ region, agentId, connections, hideHelp }: SetupProps) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bot = connections.find((c) => c.channel === 'telegram');
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all });

  const save = useMutation({
    mutationFn: () => callFunction(channelsApi.saveTelegramBot, { region, agentId, token: token.trim() }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      if (result.ok) setToken('');
      void refresh();
    },
    onError: () => toast(channelsApi.CHANNEL_TEXTS.errorOccurred, false),
  });
  const disconnect = useMutation({
    mutationFn: () => callFunction(channelsApi.disconnectTelegramBot, { region, agentId }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      void refresh();
    },
    onError: () => toast(channelsApi.CHANNEL_TEXTS.errorOccurred, false),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateTelegramToken(token);
    setError(problem);
    if (!problem) save.mutate();
  }

  return (
    <Stack gap="md">
      <HelpBox
        hidden={hideHelp}
        title="Create a Telegram bot"
        steps={['Open Telegram and start a chat with @BotFather.', 'Send /newbot and follow the steps.', 'Copy the bot token it gives you and paste it below.']}
      />
      {bot ? (
        <Group justify="space-between" role="status" aria-label="Telegram connection">
          <Group gap="xs">
            <Badge color="green">Active</Badge>
            <Text size="sm">Connected to {bot.label}</Text>
          </Group>
          <Button color="red" variant="light" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect
          </Button>
        </Group>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Bot token"
            placeholder="123456789:AA…"
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
            error={error}
            autoComplete="off"
          />
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
