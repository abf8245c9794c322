// disconnectTelegramBot: the webhook is deleted at Telegram, then the bot record and its token. The agent's past
// Telegram conversations stay in Chats.
import { channelsApi, paths } from '@parley/core';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, type Caller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { callBot } from './client';
import { botSecretsPath, forgetBot, readBotOfAgent, readBotSecrets } from './telegram-bots';

export async function disconnectTelegramBot(input: z.output<typeof channelsApi.disconnectTelegramBot.input>, caller: Caller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  const bot = await readBotOfAgent(db, input.agentId);
  if (!bot) return { ok: true, message: channelsApi.CHANNEL_TEXTS.telegramDisconnected };
  const secrets = await readBotSecrets(db, bot.botId);
  // Telegram stops sending updates; a failure there still removes the token (the webhook then answers 401).
  if (secrets) {
    const deleted = await callBot(secrets.botToken, 'deleteWebhook');
    if (!deleted.ok) console.warn('[telegram] deleteWebhook failed on disconnect:', deleted.error_code ?? '');
  }
  const batch = db.batch();
  batch.delete(db.doc(botSecretsPath(bot.botId)));
  batch.delete(db.doc(paths.telegramBot(bot.botId)));
  await batch.commit();
  forgetBot(input.region, input.agentId, bot.botId);
  return { ok: true, message: channelsApi.CHANNEL_TEXTS.telegramDisconnected };
}

export const disconnectTelegramBotCallable = defineCallable(channelsApi.disconnectTelegramBot, (input, request) => disconnectTelegramBot(input, callerOf(request)));
