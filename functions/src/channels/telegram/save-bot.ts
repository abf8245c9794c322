// saveTelegramBot: getMe, deleteWebhook, setWebhook (our URL and a random secret_token), then the bot is stored —
// the record members read, the token and the secret in its private document — and the new-channel-connection
// hook sent. Answers the toast the screen shows as `message`.
import { randomBytes } from 'node:crypto';
import { channelsApi, type Region } from '@parley/core';
import type { z } from 'zod';
import { callerOf, hasAgentAccess, requireAgentAccess, type Caller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { sendChannelConnectionHook } from '../pipeline';
import { apiBase, regionQuery } from '../shared/settings';
import { callBot, type TelegramUser } from './client';
import { botSecretsPath, forgetBot, readBotOfAgent, readBotSecrets } from './telegram-bots';
import { paths } from '@parley/core';
import type { RaisesEvents } from '../../events';

const T = channelsApi.CHANNEL_TEXTS;
export const BOT_OF_ANOTHER_AGENT = 'This bot is connected to another agent.';

export function telegramWebhookUrl(region: Region, agentId: string): string {
  return `${apiBase()}/v2/agents/${encodeURIComponent(agentId)}/telegram-webhook${regionQuery(region)}`;
}

export async function saveTelegramBot(deps: RaisesEvents, input: z.output<typeof channelsApi.saveTelegramBot.input>, caller: Caller) {
  const { db, ownerID, agent } = await requireAgentAccess(caller, input.region, input.agentId);
  const me = await callBot<TelegramUser>(input.token, 'getMe');
  if (!me.ok || !me.result) return { ok: false, message: T.telegramWebhookFailed(me.description ?? 'Unauthorized') };
  const botId = String(me.result.id);
  const holder = (await db.doc(paths.telegramBot(botId)).get()).data();
  if (holder && holder.agentId !== input.agentId && !(await hasAgentAccess(caller, input.region, String(holder.agentId)))) {
    return { ok: false, message: T.telegramWebhookFailed(BOT_OF_ANOTHER_AGENT) };
  }
  const cleared = await callBot<boolean>(input.token, 'deleteWebhook', { drop_pending_updates: false });
  if (!cleared.ok) return { ok: false, message: T.telegramWebhookFailed(cleared.description ?? 'Unknown error') };
  const webhookUrl = telegramWebhookUrl(input.region, input.agentId);
  const webhookSecret = randomBytes(32).toString('base64url');
  const set = await callBot<boolean>(input.token, 'setWebhook', { url: webhookUrl, secret_token: webhookSecret, allowed_updates: ['message'] });
  if (!set.ok) return { ok: false, message: T.telegramWebhookFailed(set.description ?? 'Unknown error') };

  // The agent answers on one bot: a bot it had before is let go.
  const previous = await readBotOfAgent(db, input.agentId);
  const batch = db.batch();
  if (previous && previous.botId !== botId) {
    const old = await readBotSecrets(db, previous.botId);
    if (old) await callBot(old.botToken, 'deleteWebhook');
    batch.delete(db.doc(botSecretsPath(previous.botId)));
    batch.delete(db.doc(paths.telegramBot(previous.botId)));
  }
  const bot = { botId, agentId: input.agentId, webhookUrl, ...(me.result.username ? { botUsername: me.result.username } : {}) };
  batch.set(db.doc(paths.telegramBot(botId)), bot);
  batch.set(db.doc(botSecretsPath(botId)), { botToken: input.token, webhookSecret });
  await batch.commit();
  forgetBot(input.region, input.agentId, botId);
  if (holder && holder.agentId !== input.agentId) forgetBot(input.region, String(holder.agentId), botId);
  sendChannelConnectionHook(deps, db, ownerID, { agentId: input.agentId, channelId: botId, agentType: String(agent.agentPlatform ?? 'vg'), channelType: 'telegram' });
  return { ok: true, message: T.telegramSaved, bot };
}

export const saveTelegramBotCallable = (deps: RaisesEvents) =>
  defineCallable(channelsApi.saveTelegramBot, (input, request) => saveTelegramBot(deps, input, callerOf(request)));
