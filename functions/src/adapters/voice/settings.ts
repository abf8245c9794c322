// The voice provider of this deployment, from its params: Vapi's key and base URL, the platform's Twilio account (where
// bought numbers live) and the secret Vapi sends with its webhooks. Without VAPI_API_KEY there is no provider: voice
// callables answer that voice is not set up. Read at call time, so tests and the local stack set them by environment.
import { defineSecret } from 'firebase-functions/params';
import { paramValue } from '../params';
import type { VoiceProvider } from './port';
import { vapiProvider } from './vapi';

export const VAPI_API_KEY = defineSecret('VAPI_API_KEY');
export const VAPI_WEBHOOK_SECRET = defineSecret('VAPI_WEBHOOK_SECRET');
export const TWILIO_AUTH_TOKEN = defineSecret('TWILIO_AUTH_TOKEN');
/** Bound to the api function and the voice callables. */
export const VOICE_SECRETS = [VAPI_API_KEY, VAPI_WEBHOOK_SECRET, TWILIO_AUTH_TOKEN];

/** The secret the provider sends in its webhook header ('' when unset: every webhook is refused). */
export const voiceWebhookSecret = (): string => paramValue(VAPI_WEBHOOK_SECRET);

/** The public origin of the API the provider calls back (the custom LLM, the webhook). */
export const voiceApiBase = (): string => (process.env.PARLEY_API_BASE || process.env.PARLEY_APP_URL || '').replace(/\/+$/, '');

const MAX_PROVIDERS = 500;
const providers = new Map<string, VoiceProvider>();

/**
 * The deployment's provider (Vapi + Twilio), or null when voice is not configured; with `ownKey`, the same provider
 * acting on a workspace's own Vapi account (that key instead of the platform's; Twilio stays the platform's).
 */
export function platformVoiceProvider(ownKey?: string): VoiceProvider | null {
  const vapiKey = ownKey || paramValue(VAPI_API_KEY);
  if (!vapiKey) return null;
  const settings = {
    vapiBase: process.env.VAPI_API_BASE || 'https://api.vapi.ai',
    vapiKey,
    twilioBase: process.env.TWILIO_API_BASE || 'https://api.twilio.com',
    twilio: { accountSid: process.env.TWILIO_ACCOUNT_SID ?? '', authToken: paramValue(TWILIO_AUTH_TOKEN) },
  };
  const key = JSON.stringify(settings);
  let provider = providers.get(key);
  if (!provider) {
    // Bounded: a changed key or setting makes a new entry, and the oldest goes.
    if (providers.size >= MAX_PROVIDERS) providers.delete(providers.keys().next().value!);
    provider = vapiProvider(settings);
    providers.set(key, provider);
  }
  return provider;
}
