// Discord: the bot installer (Manage Server), then the channel id and the channel's webhook URL; Disconnect.
import { Anchor, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { channelsApi, validateDiscord } from '@parley/core';
import { useState } from 'react';
import { callFunction } from '../../lib/functions';
import { FormError } from '../../ui/FormError';
import { BotChannelSetup } from './BotChannelSetup';
import { HelpBox } from './HelpBox';
import type { SetupProps } from './setup-props';

export function DiscordSetup({ region, agentId, connections, hideHelp }: SetupProps) {
  const [channelId, setChannelId] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const install = useQuery({ queryKey: ['channels', 'discord-install'], queryFn: () => callFunction(channelsApi.discordInstallLink, {}), staleTime: Infinity });
  return (
    <BotChannelSetup
      channel="discord"
      name="Discord"
      connections={connections}
      intro={
        <>
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
        </>
      }
      validate={() => validateDiscord({ channelId, webhookUrl })}
      save={() => callFunction(channelsApi.saveDiscordChannel, { region, agentId, channelId: channelId.trim(), webhookUrl: webhookUrl.trim() })}
      saveFailure={(e) => e.message || channelsApi.CHANNEL_TEXTS.errorOccurred}
      disconnect={() => callFunction(channelsApi.disconnectDiscordChannel, { region, agentId })}
      onSaved={() => {
        setChannelId('');
        setWebhookUrl('');
      }}
      fields={(error) => (
        <>
          <TextInput label="Channel ID" value={channelId} onChange={(e) => setChannelId(e.currentTarget.value)} autoComplete="off" />
          <TextInput
            label="Webhook URL"
            placeholder="https://discord.com/api/webhooks/…"
            value={webhookUrl}
            onChange={(e) => setWebhookUrl(e.currentTarget.value)}
            autoComplete="off"
          />
          <FormError message={error} />
        </>
      )}
    />
  );
}
