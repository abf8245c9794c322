// Telegram: the bot token from @BotFather, Save (getMe, deleteWebhook, setWebhook, store the bot), Disconnect.
import { PasswordInput } from '@mantine/core';
import { channelsApi, validateTelegramToken } from '@parley/core';
import { useState } from 'react';
import { callFunction } from '../../lib/functions';
import { BotChannelSetup } from './BotChannelSetup';
import { HelpBox } from './HelpBox';
import type { SetupProps } from './setup-props';

export function TelegramSetup({ region, agentId, connections, hideHelp }: SetupProps) {
  const [token, setToken] = useState('');
  return (
    <BotChannelSetup
      channel="telegram"
      name="Telegram"
      connections={connections}
      intro={
        <HelpBox
          hidden={hideHelp}
          title="Create a Telegram bot"
          steps={['Open Telegram and start a chat with @BotFather.', 'Send /newbot and follow the steps.', 'Copy the bot token it gives you and paste it below.']}
        />
      }
      validate={() => validateTelegramToken(token)}
      save={() => callFunction(channelsApi.saveTelegramBot, { region, agentId, token: token.trim() })}
      disconnect={() => callFunction(channelsApi.disconnectTelegramBot, { region, agentId })}
      onSaved={() => setToken('')}
      fields={(error) => (
        <PasswordInput
          label="Bot token"
          placeholder="123456789:AA…"
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          error={error}
          autoComplete="off"
        />
      )}
    />
  );
}
