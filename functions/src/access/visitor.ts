// Who may use an agent's widget endpoints, before any work is done for them: rate limits per client address, per
// conversation and, for chats, per agent (429 + Retry-After; counted where every instance sees them), Firebase App Check when enforced (401), and the agent's allowed domains
// (403). Every public endpoint of the visitor's half calls `admitVisitor` (or the parts it needs) first.
import type { IncomingHttpHeaders } from 'node:http';
import { originAllowed, USAGE_MESSAGES, webOriginOf } from '@parley/core';
import { APP_CHECK_HEADER, appCheckEnforced, type AppCheckVerifier } from '../adapters/app-check';
import { HttpError } from '../http/endpoint';
import { RATE_RULES, type RateHit, type RateLimits } from '../rate-limits';

/**
 * The header in which the widget's chat frame names the page it is embedded in. The frame is served from our own
 * origin, so its requests carry our Origin; the page's origin comes from the frame (its ancestor origins).
 */
export const EMBED_ORIGIN_HEADER = 'x-parley-embed-origin';

export type VisitorAction = 'chat' | 'handoff' | 'page' | 'analytics' | 'poll' | 'lead';

const IP_RULES = {
  chat: RATE_RULES.chatIp,
  handoff: RATE_RULES.handoffIp,
  page: RATE_RULES.pageIp,
  analytics: RATE_RULES.analyticsIp,
  poll: RATE_RULES.pollIp,
  lead: RATE_RULES.leadIp,
} as const;
const CONVERSATION_RULES = {
  chat: RATE_RULES.chatConversation,
  handoff: RATE_RULES.handoffConversation,
  page: RATE_RULES.pageConversation,
  lead: RATE_RULES.leadConversation,
} as const;

/**
 * Spends one request of the caller's address, of the conversation when one is named and, for a chat, of the agent
 * (all in one round of counter writes); 429 when any of them has none left.
 */
export function limitVisitor(limits: RateLimits, action: VisitorAction, ip: string, agentId: string, conversationId?: string): Promise<void> {
  const hits: RateHit[] = [{ rule: IP_RULES[action], key: ip }];
  const perConversation = (CONVERSATION_RULES as Partial<Record<VisitorAction, (typeof CONVERSATION_RULES)[keyof typeof CONVERSATION_RULES]>>)[action];
  if (perConversation && conversationId) hits.push({ rule: perConversation, key: `${agentId}/${conversationId}` });
  if (action === 'chat') hits.push({ rule: RATE_RULES.chatAgent, key: agentId });
  return limits.enforce(...hits);
}

/** When App Check is enforced (PARLEY_APP_CHECK=enforce): 401 unless the request carries a valid token. */
export async function requireAppCheck(headers: IncomingHttpHeaders, verify: AppCheckVerifier): Promise<void> {
  if (!appCheckEnforced()) return;
  const raw = headers[APP_CHECK_HEADER];
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!token || !(await verify(token))) throw new HttpError(401, USAGE_MESSAGES.appCheckFailed);
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * Our own origins: the app (PARLEY_APP_URL), the widget chat's own site (PARLEY_WIDGET_ORIGIN, several comma-separated;
 * by default the project's `<project>-widget.web.app`, as deploys publish it) and the host the request was sent to
 * (Hosting rewrites keep it).
 */
export function platformOrigins(headers: IncomingHttpHeaders, env: NodeJS.ProcessEnv = process.env): Set<string> {
  const origins = new Set<string>();
  const widgetSite = env.PARLEY_WIDGET_ORIGIN ?? (env.GCLOUD_PROJECT ? `https://${env.GCLOUD_PROJECT}-widget.web.app` : '');
  for (const url of [env.PARLEY_APP_URL, ...widgetSite.split(',')]) {
    const origin = webOriginOf(url?.trim());
    if (origin) origins.add(origin);
  }
  const host = single(headers['x-forwarded-host']) ?? single(headers.host);
  if (host) for (const scheme of ['https', 'http']) origins.add(`${scheme}://${host.toLowerCase()}`);
  return origins;
}

/**
 * The website the widget runs on: a foreign page calling the API itself is its own Origin; our widget frame (our
 * Origin) names its page in EMBED_ORIGIN_HEADER; the dashboard's own pages are ours. null when nothing says.
 */
export function embeddingOrigin(headers: IncomingHttpHeaders, ours: Set<string>): { origin: string | null; ours: boolean } {
  const origin = single(headers.origin);
  if (origin && !ours.has(origin)) return { origin, ours: false };
  const declared = webOriginOf(single(headers[EMBED_ORIGIN_HEADER]));
  if (declared) return { origin: declared, ours: ours.has(declared) };
  return { origin: origin ?? null, ours: false };
}

/**
 * 403 unless the agent's widget may run where this request comes from: any website when the agent lists no
 * domains; otherwise a listed one, or our own pages (the dashboard's preview). A request that names no website
 * (no Origin, or our frame without its page) is refused when there is a list.
 */
export function requireAllowedOrigin(agent: { allowedDomains: readonly string[] }, headers: IncomingHttpHeaders): void {
  if (agent.allowedDomains.length === 0) return;
  const embedding = embeddingOrigin(headers, platformOrigins(headers));
  if (embedding.ours || originAllowed(agent.allowedDomains, embedding.origin)) return;
  throw new HttpError(403, USAGE_MESSAGES.domainNotAllowed);
}

/** Everything a widget request must pass once its agent is known: App Check, then the allowed domains. */
export async function admitVisitor(agent: { allowedDomains: readonly string[] }, headers: IncomingHttpHeaders, verify: AppCheckVerifier): Promise<void> {
  await requireAppCheck(headers, verify);
  requireAllowedOrigin(agent, headers);
}
