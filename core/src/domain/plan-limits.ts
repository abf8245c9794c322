// A workspace's effective plan limits: a custom plan set for the workspace (internal.customPlan.limits) wins over
// its subscription's limits (v2StripeConfig.limits); without either, the free account's. Pure.
import { FREE_KB_DOCS_CHAR_COUNT } from '../constants/usage';

type LimitsHolder = { limits?: unknown } | null | undefined;

function limitOf(holder: LimitsHolder, key: string): number | undefined {
  const limits = holder?.limits;
  if (!limits || typeof limits !== 'object') return undefined;
  const value = (limits as Record<string, unknown>)[key];
  if (value === 'infinity') return Infinity;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The workspace record's (users/{uid}) limit of `key`, or undefined when neither its custom plan nor its subscription sets one. */
export function planLimit(workspace: Record<string, unknown> | null | undefined, key: string): number | undefined {
  const internal = workspace?.internal as { customPlan?: LimitsHolder } | undefined;
  return limitOf(internal?.customPlan, key) ?? limitOf(workspace?.v2StripeConfig as LimitsHolder, key);
}

/** Characters one agent's knowledge base may hold (maxKbDocsCharCount), FREE_KB_DOCS_CHAR_COUNT by default. */
export function kbCharLimit(workspace: Record<string, unknown> | null | undefined): number {
  return planLimit(workspace, 'maxKbDocsCharCount') ?? FREE_KB_DOCS_CHAR_COUNT;
}
