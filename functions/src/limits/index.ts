// Rate limits of the public endpoints: one limiter per instance (see rate-limit.ts for the production note) and
// the allowance of each kind of request, per client IP and, where a conversation is named, per conversation.
// Any endpoint limits itself with one call: `enforceRateLimit(RATE_RULES.newUserIp, ip)` (429 + Retry-After).
import { RateLimiter, TooManyRequestsError, type RateRule } from './rate-limit';

export { RateLimiter, TooManyRequestsError, type RateDecision, type RateRule } from './rate-limit';

const MINUTE = 60_000;

/**
 * Allowances (ours). A visitor types a message every few seconds at most; a widget polls a few times a minute per
 * open tab; an office behind one address shares the IP allowances, which are set for several visitors at once.
 */
export const RATE_RULES = {
  chatIp: { name: 'chat-ip', limit: 30, windowMs: MINUTE },
  chatConversation: { name: 'chat-conversation', limit: 10, windowMs: MINUTE },
  handoffIp: { name: 'handoff-ip', limit: 10, windowMs: MINUTE },
  handoffConversation: { name: 'handoff-conversation', limit: 3, windowMs: MINUTE },
  pageIp: { name: 'page-ip', limit: 120, windowMs: MINUTE },
  pageConversation: { name: 'page-conversation', limit: 30, windowMs: MINUTE },
  pollIp: { name: 'poll-ip', limit: 600, windowMs: MINUTE },
  analyticsIp: { name: 'analytics-ip', limit: 60, windowMs: MINUTE },
  newUserIp: { name: 'new-user-ip', limit: 10, windowMs: MINUTE },
  aiCssUser: { name: 'ai-css-user', limit: 20, windowMs: MINUTE },
  /** Invitation e-mails, per workspace (bursts; the daily number is kept in the workspace's invitation record). */
  workspaceInvite: { name: 'workspace-invite', limit: 5, windowMs: MINUTE },
  /** Client sign-in: failed passwords, codes and links per address and per e-mail (checked before each try). */
  clientLoginFailIp: { name: 'client-login-fail-ip', limit: 30, windowMs: 15 * MINUTE },
  clientLoginFailEmail: { name: 'client-login-fail-email', limit: 10, windowMs: 15 * MINUTE },
  /** Sign-in codes e-mailed, per address and per e-mail. */
  clientCodeIp: { name: 'client-code-ip', limit: 20, windowMs: 10 * MINUTE },
  clientCodeEmail: { name: 'client-code-email', limit: 5, windowMs: 10 * MINUTE },
  /** Wrong agency secrets per address (admin magic link). */
  agencyAdminFailIp: { name: 'agency-admin-fail-ip', limit: 10, windowMs: 15 * MINUTE },
  /** Feedback e-mails per client. */
  clientFeedback: { name: 'client-feedback', limit: 5, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateRule>;

const limiter = new RateLimiter();
let enabled = true;

/** Spends one request of `key` under `rule`; throws TooManyRequestsError (429, Retry-After) when it has none left. */
export function enforceRateLimit(rule: RateRule, key: string, now = Date.now()): void {
  if (!enabled || !key) return;
  const decision = limiter.hit(rule, key, now);
  if (!decision.allowed) throw new TooManyRequestsError(Math.ceil(decision.retryAfterMs / 1000));
}

/** 429 (Retry-After) when `key` has no request left under `rule`; spends nothing (pair with recordFailure). */
export function enforceNotExhausted(rule: RateRule, key: string, now = Date.now()): void {
  if (!enabled || !key) return;
  const decision = limiter.peek(rule, key, now);
  if (!decision.allowed) throw new TooManyRequestsError(Math.ceil(decision.retryAfterMs / 1000));
}

/** Spends one request of `key` under `rule` without refusing (a failed attempt counted after the fact). */
export function recordFailure(rule: RateRule, key: string, now = Date.now()): void {
  if (!enabled || !key) return;
  limiter.hit(rule, key, now);
}

/** Tests and benches start from no history, or switch limits off to measure something else. */
export function resetRateLimits(options: { enabled?: boolean } = {}): void {
  limiter.clear();
  enabled = options.enabled ?? true;
}
