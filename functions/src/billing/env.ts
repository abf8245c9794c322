// The official `stripe` client, pointed at STRIPE_API_BASE when set (the local stand-in), and the webhook secrets.
// Keys are secrets (never logged, never in a response); card data never passes through here, only Stripe ids.
import { defineSecret } from 'firebase-functions/params';
import Stripe from 'stripe';
import { paramValue } from '../adapters/params';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
export const STRIPE_SECRETS = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET];

let cached: { key: string; base: string; client: Stripe } | null = null;

/** One client per key and base (the client keeps connections alive). */
export function stripeClient(): Stripe {
  const key = paramValue(STRIPE_SECRET_KEY);
  if (!key) throw new Error('Billing is not configured (STRIPE_SECRET_KEY is missing).');
  const base = process.env.STRIPE_API_BASE ?? '';
  if (cached && cached.key === key && cached.base === base) return cached.client;
  const url = base ? new URL(base) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  cached = { key, base, client };
  return client;
}

/** The platform endpoint's signing secret. */
export const webhookSecret = (): string => paramValue(STRIPE_WEBHOOK_SECRET);
/** The Connect endpoint's signing secret: its own when configured, else the platform's. */
export const connectWebhookSecret = (): string => process.env.STRIPE_CONNECT_WEBHOOK_SECRET || webhookSecret();
