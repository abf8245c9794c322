// POST /v2/agents/{agentId}/telegram-webhook: Telegram's updates. The X-Telegram-Bot-Api-Secret-Token header must
// be the secret given to setWebhook (compared in constant time) before anything is stored; each update_id is
// accepted once and answered by the task queue, so Telegram gets its 200 at once.
// The acknowledgement waits for as few round trips as it can: the address's bad-signature count is read beside the
// bot (kept a few seconds per instance); once the secret matches, the update is recorded while the agent's allowance
// is counted, and queued only when both checks passed (a refused update is forgotten, so Telegram's retry counts).
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
  // An address with many wrong secrets is refused even with the right one (no guessing): checked beside the bot's
  // read, and awaited before any answer.
  const notExhausted = limits.enforceNotExhausted(CHANNEL_RATE_RULES.badSignatureIp, ip);
  notExhausted.catch(() => undefined);
  const header = headers[channelsApi.TELEGRAM_SECRET_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  const connected = given ? await connectedBot(query.region, params.agentId).catch(async (error: unknown) => {
    await notExhausted;
    throw error;
  }) : null;
  if (!given || !connected || !sameSecret(given, connected.secrets.webhookSecret)) {
    await notExhausted;
    await limits.recordFailure(CHANNEL_RATE_RULES.badSignatureIp, ip);
    throw new HttpError(401, UNAUTHORIZED);
  }
  const admitted = Promise.all([notExhausted, limits.enforce({ rule: CHANNEL_RATE_RULES.webhookAgent, key: `telegram/${params.agentId}` })]);
  admitted.catch(() => undefined);
  const update = readUpdate(body, connected.bot.botUsername);
  if (!update) {
    await admitted;
    return { body: { ok: true } };
  }
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
  }, Date.now(), admitted);
  return { body: { ok: true } };
});
