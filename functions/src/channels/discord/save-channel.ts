// saveDiscordChannel: channelId and webhookUrl required ("Please fill out all fields."). The webhook URL must be
// a Discord webhook of that very channel: Discord is asked (GET on the webhook, through safeFetch) which channel it
// posts to, so nobody can claim a channel whose webhook they do not hold. The URL is kept privately.
import { channelsApi, paths, validateDiscord } from '@parley/core';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, type Caller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { safeFetch } from '../../safe-fetch';
import { sendChannelConnectionHook } from '../pipeline';
import { isDiscordWebhookUrl, webhookPorts } from './settings';
import { channelSecretsPath, forgetChannel, readChannelOfAgent } from './discord-channels';
import type { RaisesEvents } from '../../events';

export const NOT_A_DISCORD_WEBHOOK = 'Please enter the webhook URL Discord gave you (Channel settings → Integrations → Webhooks).';
export const WEBHOOK_OF_ANOTHER_CHANNEL = 'This webhook posts to another channel. Please check the channel ID.';
export const WEBHOOK_UNREACHABLE = 'Discord did not accept this webhook URL. Please check it and try again.';

/** The channel a webhook posts to, as Discord says; null when Discord does not know the webhook. */
async function webhookChannel(url: string): Promise<string | null> {
  try {
    const res = await safeFetch(url, { method: 'GET', timeoutMs: 8000, maxBytes: 64 * 1024, maxRedirects: 0, ports: webhookPorts(url) });
    if (!res.ok) return null;
    const json = JSON.parse(res.body.toString('utf8')) as { channel_id?: unknown };
    return typeof json.channel_id === 'string' ? json.channel_id : null;
  } catch {
    return null;
  }
}

export async function saveDiscordChannel(deps: RaisesEvents, input: z.output<typeof channelsApi.saveDiscordChannel.input>, caller: Caller) {
  const { db, ownerID, agent } = await requireAgentAccess(caller, input.region, input.agentId);
  const invalid = validateDiscord(input);
  if (invalid) return { ok: false, message: invalid };
  if (!/^\d{1,32}$/.test(input.channelId) || !isDiscordWebhookUrl(input.webhookUrl)) return { ok: false, message: NOT_A_DISCORD_WEBHOOK };
  const channel = await webhookChannel(input.webhookUrl);
  if (channel === null) return { ok: false, message: WEBHOOK_UNREACHABLE };
  if (channel !== input.channelId) return { ok: false, message: WEBHOOK_OF_ANOTHER_CHANNEL };

  const previous = await readChannelOfAgent(db, input.agentId);
  const record = { ID: input.channelId, agentID: input.agentId, channelId: input.channelId };
  const batch = db.batch();
  if (previous && previous.ID !== record.ID) {
    batch.delete(db.doc(channelSecretsPath(previous.ID)));
    batch.delete(db.doc(paths.discordChannel(previous.ID)));
  }
  batch.set(db.doc(paths.discordChannel(record.ID)), record);
  batch.set(db.doc(channelSecretsPath(record.ID)), { webhookUrl: input.webhookUrl });
  await batch.commit();
  forgetChannel(record.ID);
  if (previous) forgetChannel(previous.ID);
  sendChannelConnectionHook(deps, db, ownerID, { agentId: input.agentId, channelId: record.ID, agentType: String(agent.agentPlatform ?? 'vg'), channelType: 'discord' });
  return { ok: true, message: channelsApi.CHANNEL_TEXTS.discordSaved, channel: record };
}

export const saveDiscordChannelCallable = (deps: RaisesEvents) =>
  defineCallable(channelsApi.saveDiscordChannel, (input, request) => saveDiscordChannel(deps, input, callerOf(request)));
