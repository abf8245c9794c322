// Our app's webhook at Meta: one callback URL ({PARLEY_APP_URL}/v2/meta/webhook) per object (WhatsApp business
// accounts, pages, Instagram), with a verify token derived from the app secret. Connecting a number or a page
// makes sure the subscription exists (POST /{app-id}/subscriptions, idempotent at Meta; Meta then performs the
// GET hub.challenge handshake), once per instance.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { channelsApi } from '@parley/core';
import { appAccessToken, graphRequest } from './graph';
import { apiBase } from '../shared/settings';
import { metaAppId, metaAppSecret } from './settings';

export type MetaWebhookObject = 'whatsapp_business_account' | 'page' | 'instagram';

const FIELDS: Record<MetaWebhookObject, string> = {
  whatsapp_business_account: 'messages',
  page: 'messages,messaging_postbacks',
  instagram: 'messages,messaging_postbacks',
};

/** The verify token of our app webhook: derived from the app secret, so there is no other setting to keep. */
export function appVerifyToken(appSecret = metaAppSecret()): string {
  return createHmac('sha256', appSecret).update('parley-meta-webhook-verify').digest('hex').slice(0, 32);
}

export function isAppVerifyToken(given: string | undefined): boolean {
  const secret = metaAppSecret();
  if (!secret || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(appVerifyToken(secret));
  return a.length === b.length && timingSafeEqual(a, b);
}

export function appWebhookUrl(): string {
  return `${apiBase()}${channelsApi.metaWebhook.path}`;
}

const ensured = new Set<string>();

/** Makes sure Meta sends `object`'s events to our webhook (skipped when the app's URL is not configured). */
export async function ensureAppWebhook(object: MetaWebhookObject): Promise<void> {
  const appId = metaAppId();
  const key = `${appId}:${object}:${apiBase()}`;
  if (ensured.has(key) || !apiBase() || !appId) return;
  await graphRequest<{ success?: boolean }>({
    method: 'POST',
    path: [appId, 'subscriptions'],
    token: appAccessToken(appId, metaAppSecret()),
    body: { object, callback_url: appWebhookUrl(), verify_token: appVerifyToken(), fields: FIELDS[object], include_values: true },
  });
  ensured.add(key);
}

/** Tests: forget which subscriptions this instance made. */
export function resetAppWebhookCache(): void {
  ensured.clear();
}
