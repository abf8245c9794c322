// Rate limits of what the voice provider calls. The provider calls from its own addresses, so allowances are per
// agent (the custom LLM) and per call (the webhook); wrong secrets are counted per address and refused early once an
// address has many.
import type { RateRule } from '../rate-limits';

const MINUTE = 60_000;

export const VOICE_RATE_RULES = {
  /** Caller turns per agent (every line of every call of the agent). */
  llmAgent: { name: 'voice-llm-agent', limit: 1200, windowMs: MINUTE, shards: 4 },
  /** Webhook events per call (status, transcripts, tool calls, the report). */
  webhookCall: { name: 'voice-webhook-call', limit: 600, windowMs: MINUTE },
  /** Browser calls a visitor's address may start (each is minutes of paid telephony). */
  webCallIp: { name: 'voice-web-call-ip', limit: 5, windowMs: MINUTE },
  /** Browser calls per agent, all visitors together. */
  webCallAgent: { name: 'voice-web-call-agent', limit: 120, windowMs: MINUTE },
  /** Requests with a wrong or missing secret, per address. */
  badSecretIp: { name: 'voice-bad-secret-ip', limit: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateRule>;

export const UNAUTHORIZED = 'Unauthorized';
