// Discord: the bot installer (Manage Server), then the channel id and the channel's webhook URL; Disconnect.
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channelsApi, validateDiscord } from '@parley/core';
import { useState } from 'react';
import { callFunction } from '../../lib/functions';
import { channelKeys } from './channels-data';
import { HelpBox } from './HelpBox';
import type { SetupProps } from './TelegramSetup';
import { toast } from './toast';

export function DiscordSetup({ region, agentId, connections, hideHelp }: SetupProps) {
  const queryClient = useQueryClient();
  const [channelId, setChannelId] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const channel = connections.find((c) => c.channel === 'discord');
  const install = useQuery({ queryKey: ['channels', 'discord-install'], queryFn: () => callFunction(channelsApi.discordInstallLink, {}), staleTime: Infinity });
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all });

  const save = useMutation({
    mutationFn: () => callFunction(channelsApi.saveDiscordChannel, { region, agentId, channelId: channelId.trim(), webhookUrl: webhookUrl.trim() }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      if (result.ok) {
        setChannelId('');
        setWebhookUrl('');
      }
      void refresh();
    },
    onError: (e: Error) => toast(e.message || channelsApi.CHANNEL_TEXTS.errorOccurred, false),
  });
  const disconnect = useMutation({
    mutationFn: () => callFunction(channelsApi.disconnectDiscordChannel, { region, agentId }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      void refresh();
    },
    onError: () => toast(channelsApi.CHANNEL_TEXTS.errorOccurred, false),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateDiscord({ channelId, webhookUrl });
    setError(problem);
    if (!problem) save.mutate();
  }

  return (
    <Stack gap="md">
      <HelpBox
        hidden={hideHelp}
        title="Connect a Discord channel"
        steps={[
          'Add the bot to your server (it needs the Manage Server permission).',
          'In Discord, turn on Developer Mode and copy the channel’s ID.',
          'In the channel’s settings → Integrations → Webhooks, create a webhook and copy its URL.',
        ]}
      />
      {install.data ? (
        <Anchor href={install.data.url} target="_blank" rel="noopener noreferrer" w="fit-content">
          Add the bot to your server
        </Anchor>
      ) : null}
      {channel ? (
        <Group justify="space-between" role="status" aria-label="Discord connection">
          <Group gap="xs">
            <Badge color="green">Active</Badge>
            <Text size="sm">Connected to {channel.label}</Text>
          </Group>
          <Button color="red" variant="light" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect
          </Button>
        </Group>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Channel ID" value={channelId} onChange={(e) => setChannelId(e.currentTarget.value)} autoComplete="off" />
          <TextInput
            label="Webhook URL"
            placeholder="https://discord.com/api/webhooks/…"
            value={webhookUrl}
            onChange={(e) => setWebhookUrl(e.currentTarget.value)}
            autoComplete="off"
          />
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
