// Sends to a Discord user: the answer to an /ask as the interaction's follow-up (which completes the deferred
// reply); anything else (operator replies, a follow-up Discord no longer accepts) through the channel's webhook URL,
// fetched with safeFetch because a user gave it, mentioning the user. Texts are split at Discord's 2,000 characters.
import { CHANNEL_GONE, ChannelSendError, type ChannelSender, type ChannelTarget } from '../pipeline';
import { safeFetch } from '../../safe-fetch';
import { discordApiBase, DISCORD_MAX_TEXT, webhookPorts } from './settings';
import { channelWebhookUrl } from './discord-channels';

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += DISCORD_MAX_TEXT) out.push(text.slice(i, i + DISCORD_MAX_TEXT));
  return out.length ? out : [''];
}

const NO_MENTIONS_BUT_USER = (userId: string) => ({ parse: [], users: /^\d+$/.test(userId) ? [userId] : [] });

async function followUp(target: ChannelTarget, text: string): Promise<boolean> {
  const { applicationId, interactionToken } = target.context ?? {};
  if (!applicationId || !interactionToken) return false;
  for (const part of chunks(text)) {
    const res = await fetch(`${discordApiBase()}/webhooks/${encodeURIComponent(applicationId)}/${encodeURIComponent(interactionToken)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: part, allowed_mentions: { parse: [] } }),
      signal: AbortSignal.timeout(10_000),
    });
    // The interaction's token lasts 15 minutes: after that the channel's webhook takes over.
    if (res.status === 401 || res.status === 404) return false;
    if (!res.ok) throw new Error(`Discord follow-up failed (${res.status})`);
  }
  return true;
}

async function viaWebhook(target: ChannelTarget, text: string): Promise<void> {
  const url = await channelWebhookUrl(target.region, target.endpointId);
  if (!url) throw new ChannelSendError(CHANNEL_GONE);
  const mention = /^\d+$/.test(target.userId) ? `<@${target.userId}> ` : '';
  for (const part of chunks(`${mention}${text}`)) {
    const res = await safeFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: part, allowed_mentions: NO_MENTIONS_BUT_USER(target.userId) }),
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
      maxRedirects: 0,
      ports: webhookPorts(url),
    });
    if (res.status === 401 || res.status === 404) throw new ChannelSendError(CHANNEL_GONE);
    if (!res.ok) throw new Error(`Discord webhook failed (${res.status})`);
  }
}

export const discordSender: ChannelSender = {
  async sendText(target, text) {
    if (await followUp(target, text)) return;
    await viaWebhook(target, text);
  },
};
