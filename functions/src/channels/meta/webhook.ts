// Our Meta app's webhook (GET/POST /v2/meta/webhook): the hub.challenge handshake with our verify token, then
// Meta's events — WhatsApp Business Accounts (Embedded Signup numbers), pages (Messenger) and Instagram —
// each accepted only with a valid X-Hub-Signature-256 over the raw body (401 and nothing read or stored
// otherwise) and handed to its channel. The 200 goes back at once; answers come from the task queue.
import type { ServerResponse } from 'node:http';
import { channelsApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../../http/endpoint';
import type { RateLimits } from '../../rate-limits';
import { handleMessaging } from '../messenger/inbound';
import { findPage } from '../messenger/pages';
import { CHANNEL_RATE_RULES } from '../shared/webhook-rate-rules';
import { handleWhatsappChange, type WhatsappChangeValue } from '../whatsapp/inbound';
import { findNumber } from '../whatsapp/numbers';
import { isAppVerifyToken } from './app-webhook';
import { metaAppSecret } from './settings';
import { verifyMetaSignature } from './signature';
import type { AnswerQueue, InboundDeps } from '../pipeline';

export const UNAUTHORIZED = 'Unauthorized';
export const VERIFY_FAILED = 'Verification failed';

/** Answers the handshake: the challenge as plain text (Meta compares the body byte for byte). */
export function answerChallenge(res: ServerResponse, challenge: string): undefined {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(challenge);
  return undefined;
}

export const metaWebhookVerifyEndpoint = defineEndpoint(channelsApi.metaWebhookVerify, async ({ query, res }) => {
  if (query['hub.mode'] !== 'subscribe' || !query['hub.challenge'] || !isAppVerifyToken(query['hub.verify_token'])) throw new HttpError(403, VERIFY_FAILED);
  return answerChallenge(res, query['hub.challenge']);
});

/** Checks Meta's signature with `secret` or answers 401 (counted per address, so floods are cut short). */
export async function requireMetaSignature(
  limits: RateLimits, secret: string, rawBody: Buffer, header: string | string[] | undefined, ip: string,
): Promise<void> {
  await limits.enforceNotExhausted(CHANNEL_RATE_RULES.badSignatureIp, ip);
  if (!verifyMetaSignature(secret, rawBody, header)) {
    await limits.recordFailure(CHANNEL_RATE_RULES.badSignatureIp, ip);
    throw new HttpError(401, UNAUTHORIZED);
  }
}

interface Entry {
  id?: unknown;
  changes?: Array<{ field?: unknown; value?: WhatsappChangeValue }>;
  messaging?: unknown[];
}

export async function handleMetaEvent(queue: AnswerQueue, limits: RateLimits, body: Record<string, unknown>, now = Date.now()): Promise<void> {
  const entries = Array.isArray(body.entry) ? (body.entry as Entry[]) : [];
  for (const entry of entries) {
    if (body.object === 'whatsapp_business_account') {
      for (const change of entry.changes ?? []) {
        const phoneId = change.field === 'messages' ? String(change.value?.metadata?.phone_number_id ?? '') : '';
        const found = phoneId ? await findNumber(phoneId) : null;
        if (!found || !change.value) continue;
        await limits.enforce({ rule: CHANNEL_RATE_RULES.webhookAgent, key: `whatsapp/${found.number.agentId}` });
        await handleWhatsappChange(queue, { region: found.region, db: found.db, agentId: found.number.agentId, endpointId: phoneId }, change.value, now);
      }
    } else if (body.object === 'page' || body.object === 'instagram') {
      const accountId = typeof entry.id === 'string' ? entry.id : '';
      const found = accountId ? await findPage(body.object, accountId) : null;
      if (!found || !Array.isArray(entry.messaging)) continue;
      const channel = body.object === 'page' ? 'messenger' : 'instagram';
      await limits.enforce({ rule: CHANNEL_RATE_RULES.webhookAgent, key: `${channel}/${found.page.agentId}` });
      await handleMessaging(queue, { region: found.region, db: found.db, page: found.page, channel, accountId }, entry.messaging as never[], now);
    }
  }
}

export const metaWebhookEndpoint = (deps: InboundDeps) => defineEndpoint(channelsApi.metaWebhook, async ({ body, rawBody, headers, ip, limits }) => {
  await requireMetaSignature(limits, metaAppSecret(), rawBody, headers[channelsApi.META_SIGNATURE_HEADER], ip);
  await handleMetaEvent(deps.answerQueue, limits, body);
  return { body: { ok: true } };
});
