// POST /v2/agents/{agentId}/telegram-webhook: Telegram's updates. The X-Telegram-Bot-Api-Secret-Token header must
// be the secret given to setWebhook (compared in constant time) before anything is read or stored; each update_id
// is accepted once and answered by the task queue, so Telegram gets its 200 at once.
import { timingSafeEqual } from 'node:crypto';
import { channelsApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../../http/endpoint';
import { acceptInbound, type InboundDeps } from '../pipeline';
import { CHANNEL_RATE_RULES } from '../shared/webhook-rate-rules';
import { connectedBot } from './telegram-bots';
import { readUpdate } from './updates';

export const UNAUTHORIZED = 'Unauthorized';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return expected.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

export const telegramWebhookEndpoint = (deps: InboundDeps) => defineEndpoint(channelsApi.telegramWebhook, async ({ params, query, headers, body, ip, limits }) => {
  await limits.enforceNotExhausted(CHANNEL_RATE_RULES.badSignatureIp, ip);
  const header = headers[channelsApi.TELEGRAM_SECRET_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  const connected = given ? await connectedBot(query.region, params.agentId) : null;
  if (!given || !connected || !sameSecret(given, connected.secrets.webhookSecret)) {
    await limits.recordFailure(CHANNEL_RATE_RULES.badSignatureIp, ip);
    throw new HttpError(401, UNAUTHORIZED);
  }
  await limits.enforce({ rule: CHANNEL_RATE_RULES.webhookAgent, key: `telegram/${params.agentId}` });
  const update = readUpdate(body, connected.bot.botUsername);
  if (update) {
    await acceptInbound(deps.answerQueue, {
      channel: 'telegram',
      region: query.region,
      agentId: params.agentId,
      endpointId: connected.bot.botId,
      providerMessageId: String(update.updateId),
      userId: update.chatId,
      userName: update.userName,
      text: update.text,
      ...(update.replyTo ? { context: { replyTo: String(update.replyTo) } } : {}),
    });
  }
  return { body: { ok: true } };
});
