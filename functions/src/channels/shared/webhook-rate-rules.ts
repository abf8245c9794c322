// Rate limits of the channel webhooks. Providers deliver from their own addresses, so the allowance is per
// connected agent; wrong signatures are counted per address and refused early once an address has many.
import type { RateRule } from '../../rate-limits';

const MINUTE = 60_000;

export const CHANNEL_RATE_RULES = {
  /** Inbound messages per agent and channel (a busy bot or page; providers retry a 429 later). */
  webhookAgent: { name: 'channel-webhook-agent', limit: 1200, windowMs: MINUTE },
  /** Deliveries with a bad or missing signature, per address. */
  badSignatureIp: { name: 'channel-bad-signature-ip', limit: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateRule>;
