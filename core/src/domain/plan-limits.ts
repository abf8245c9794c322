// A workspace's effective plan limits: a custom plan set for the workspace (internal.customPlan.limits) wins over
// its subscription's limits (v2StripeConfig.limits); without either, the free account's. Pure.
import { DEFAULT_FREE_WORKSPACE_SEATS } from '../constants/app';
import { DEFAULT_MAX_CONCURRENT_CALLS, FREE_ACCOUNT_DEFAULTS, FREE_PLAN_ID } from '../constants/billing';
import { FREE_KB_DOCS_CHAR_COUNT } from '../constants/usage';
import { PLAN_LIMIT_MESSAGES } from '../validation/messages';

type LimitsHolder = { limits?: unknown } | null | undefined;
type WorkspaceRecord = Record<string, unknown> | null | undefined;

function limitOf(holder: LimitsHolder, key: string): number | undefined {
  const limits = holder?.limits;
  if (!limits || typeof limits !== 'object') return undefined;
  const value = (limits as Record<string, unknown>)[key];
  if (value === 'infinity') return Infinity;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

const customPlanOf = (workspace: WorkspaceRecord): LimitsHolder => (workspace?.internal as { customPlan?: LimitsHolder } | undefined)?.customPlan;

/** The workspace record's (users/{uid}) limit of `key`, or undefined when neither its custom plan nor its subscription sets one. */
export function planLimit(workspace: WorkspaceRecord, key: string): number | undefined {
  return limitOf(customPlanOf(workspace), key) ?? limitOf(workspace?.v2StripeConfig as LimitsHolder, key);
}

/** Characters one agent's knowledge base may hold (maxKbDocsCharCount), FREE_KB_DOCS_CHAR_COUNT by default. */
export function kbCharLimit(workspace: WorkspaceRecord): number {
  return planLimit(workspace, 'maxKbDocsCharCount') ?? FREE_KB_DOCS_CHAR_COUNT;
}

/** Pages one crawl job may read (maxCrawlPages): 50 on the free account, 500 on a paid plan that sets none. */
export const crawlPageLimit = (workspace: WorkspaceRecord): number =>
  planLimit(workspace, 'maxCrawlPages') ?? (onPaidPlan(workspace) ? 500 : 50);

const PAID_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** Whether the workspace is on a paid catalogue plan (its subscription not ended). */
export function onPaidPlan(workspace: WorkspaceRecord): boolean {
  const v2 = workspace?.v2StripeConfig as { planId?: unknown; status?: unknown } | undefined;
  return typeof v2?.planId === 'string' && v2.planId !== FREE_PLAN_ID && typeof v2.status === 'string' && PAID_STATUSES.includes(v2.status);
}

/**
 * Agents the workspace may own (maxAgents; 'infinity' = no limit), 2 on the free account. A paid plan that sets no
 * maxAgents has no agent limit (ours: Pay-As-You-Go sells usage, and no catalogue add-on buys more agents).
 */
export const agentLimit = (workspace: WorkspaceRecord): number =>
  planLimit(workspace, 'maxAgents') ?? (onPaidPlan(workspace) ? Infinity : FREE_ACCOUNT_DEFAULTS.maxAgents);

/** Client users across the workspace's organisations (clientSeats, else the deprecated maxClients), 2 on the free account. */
export const clientSeatLimit = (workspace: WorkspaceRecord): number =>
  planLimit(workspace, 'clientSeats') ?? planLimit(workspace, 'maxClients') ?? FREE_ACCOUNT_DEFAULTS.maxClients;

/** Calls the workspace's agents may hold at once (maxConcurrentCalls), 10 by default. */
export const concurrentCallLimit = (workspace: WorkspaceRecord): number => planLimit(workspace, 'maxConcurrentCalls') ?? DEFAULT_MAX_CONCURRENT_CALLS;

/** Phone numbers the workspace may connect (twilioPhoneNumberSlots), none on the free account. */
export const phoneNumberSlotLimit = (workspace: WorkspaceRecord): number =>
  planLimit(workspace, 'twilioPhoneNumberSlots') ?? FREE_ACCOUNT_DEFAULTS.twilioPhoneNumberSlots;

/**
 * Members the workspace may hold: the custom plan's workspaceSeats are extra seats on top of the subscription's
 * seats (v2StripeConfig.limits.workspaceSeats = the free seats + seat add-ons), or of the free seats without one.
 * firestore.rules' seatLimit() computes the same.
 */
export function workspaceSeatLimitOfPlan(workspace: WorkspaceRecord): number {
  const custom = limitOf(customPlanOf(workspace), 'workspaceSeats') ?? 0;
  const subscribed = limitOf(workspace?.v2StripeConfig as LimitsHolder, 'workspaceSeats') ?? DEFAULT_FREE_WORKSPACE_SEATS;
  return custom + subscribed;
}

export type CountedLimit = 'agents' | 'clientSeats' | 'concurrentCalls' | 'phoneNumbers';

const LIMIT_OF: Readonly<Record<CountedLimit, (workspace: WorkspaceRecord) => number>> = {
  agents: agentLimit,
  clientSeats: clientSeatLimit,
  concurrentCalls: concurrentCallLimit,
  phoneNumbers: phoneNumberSlotLimit,
};

/** Whether one more of `kind` fits beside the `used` ones: null, or the refusal to show. */
export function planLimitDenial(kind: CountedLimit, workspace: WorkspaceRecord, used: number): string | null {
  const limit = LIMIT_OF[kind](workspace);
  return used + 1 > limit ? PLAN_LIMIT_MESSAGES[kind](limit) : null;
}
