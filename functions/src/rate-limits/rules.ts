// The allowance of each kind of request, per client address, per conversation, per agent or per account.
import type { RateRule } from './rate-limits';

const MINUTE = 60_000;

/**
 * Allowances (ours). A visitor types a message every few seconds at most; a widget polls a few times a minute per
 * open tab; an office behind one address shares the IP allowances, which are set for several visitors at once.
 */
export const RATE_RULES = {
  chatIp: { name: 'chat-ip', limit: 30, windowMs: MINUTE },
  chatConversation: { name: 'chat-conversation', limit: 10, windowMs: MINUTE },
  /**
   * Every visitor of one agent together: a flood from many addresses stops here before it spends the owner's
   * credits. Counted on 4 shards, so a busy agent's counter takes a few writes a second per document.
   */
  chatAgent: { name: 'chat-agent', limit: 600, windowMs: MINUTE, shards: 4 },
  handoffIp: { name: 'handoff-ip', limit: 10, windowMs: MINUTE },
  handoffConversation: { name: 'handoff-conversation', limit: 3, windowMs: MINUTE },
  /** The widget's lead form: a few tries per conversation (a mistyped e-mail is corrected and sent again). */
  leadIp: { name: 'lead-ip', limit: 20, windowMs: MINUTE },
  leadConversation: { name: 'lead-conversation', limit: 5, windowMs: MINUTE },
  pageIp: { name: 'page-ip', limit: 120, windowMs: MINUTE },
  pageConversation: { name: 'page-conversation', limit: 30, windowMs: MINUTE },
  pollIp: { name: 'poll-ip', limit: 600, windowMs: MINUTE },
  analyticsIp: { name: 'analytics-ip', limit: 60, windowMs: MINUTE },
  newUserIp: { name: 'new-user-ip', limit: 10, windowMs: MINUTE },
  aiCssUser: { name: 'ai-css-user', limit: 20, windowMs: MINUTE },
  /** Invitation e-mails, per workspace (bursts; the daily number is kept in the workspace's invitation record). */
  workspaceInvite: { name: 'workspace-invite', limit: 5, windowMs: MINUTE },
  /** Client sign-in: failed passwords, codes and links per address and per agency and e-mail (checked before each try). */
  clientLoginFailIp: { name: 'client-login-fail-ip', limit: 30, windowMs: 15 * MINUTE },
  clientLoginFailEmail: { name: 'client-login-fail-email', limit: 10, windowMs: 15 * MINUTE },
  /** Sign-in codes e-mailed, per address and per agency and e-mail. */
  clientCodeIp: { name: 'client-code-ip', limit: 20, windowMs: 10 * MINUTE },
  clientCodeEmail: { name: 'client-code-email', limit: 5, windowMs: 10 * MINUTE },
  /** Wrong agency secrets per address (admin magic link). */
  agencyAdminFailIp: { name: 'agency-admin-fail-ip', limit: 10, windowMs: 15 * MINUTE },
  /** Feedback e-mails per client. */
  clientFeedback: { name: 'client-feedback', limit: 5, windowMs: 10 * MINUTE },
  /** The legacy WhatsApp handshake (GET wa-webhook), per address. */
  waHandshakeIp: { name: 'wa-handshake-ip', limit: 10, windowMs: MINUTE },
  /** Log entries an integrator writes, per workspace. */
  workspaceLogs: { name: 'workspace-logs', limit: 120, windowMs: MINUTE },
} as const satisfies Record<string, RateRule>;
