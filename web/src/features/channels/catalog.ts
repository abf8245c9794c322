// The Channels page's cards: which channels exist, which are switched off (deprecated, coming soon), which open
// a setup modal and which lead to a page, and whether each is connected.
import { DISABLED_CHANNELS, type ChannelKey, type channelsApi } from '@parley/core';

export type ModalChannel = 'whatsapp' | 'instagram' | 'messenger' | 'discord' | 'telegram';

export interface ChannelCard {
  key: ChannelKey;
  label: string;
  description: string;
  /** What opening the card does: its modal, a page (voice), or nothing (disabled). */
  opens: 'modal' | 'page' | 'none';
  disabled?: 'deprecated' | 'coming-soon';
}

const DESCRIPTIONS: Record<ChannelKey, string> = {
  whatsapp: 'Answer customers on WhatsApp Business numbers.',
  instagram: 'Reply to Instagram direct messages.',
  messenger: 'Reply to messages sent to your Facebook pages.',
  discord: 'Answer the /ask command in a Discord channel.',
  telegram: 'Answer messages sent to your Telegram bot.',
  'google-business': 'Google discontinued Business Messages on July 31, 2024.',
  email: 'Answer e-mails sent to your support address.',
  voice: 'Answer and make phone calls.',
};

const LABELS: Record<ChannelKey, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
  discord: 'Discord',
  telegram: 'Telegram',
  'google-business': 'Google Business Chat',
  email: 'Email',
  voice: 'Voice',
};

const ORDER: ChannelKey[] = ['whatsapp', 'instagram', 'messenger', 'discord', 'telegram', 'google-business', 'email', 'voice'];

export const CHANNEL_CARDS: ChannelCard[] = ORDER.map((key) => {
  const disabled = DISABLED_CHANNELS[key];
  return {
    key,
    label: LABELS[key],
    description: DESCRIPTIONS[key],
    opens: disabled ? 'none' : key === 'voice' ? 'page' : 'modal',
    ...(disabled ? { disabled } : {}),
  };
});

export const channelLabel = (key: ChannelKey): string => LABELS[key];

export function isModalChannel(key: string): key is ModalChannel {
  return key === 'whatsapp' || key === 'instagram' || key === 'messenger' || key === 'discord' || key === 'telegram';
}

/**
 * Which cards show Active: a channel with a connection for the agent; WhatsApp also when the Legacy Method's
 * webhook was verified (waVerifyPassed).
 */
export function connectedChannels(connections: readonly channelsApi.ChannelConnection[], agent: { waVerifyPassed?: boolean | undefined }): Set<ChannelKey> {
  const connected = new Set<ChannelKey>(connections.map((c) => c.channel));
  if (agent.waVerifyPassed) connected.add('whatsapp');
  return connected;
}
