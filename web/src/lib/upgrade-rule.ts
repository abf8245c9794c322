// Upgrade Plan button rule (no subscription, and an account older than 7 days or under 500 tokens), applied to
// a workspace record.
import { shouldShowUpgradePlan, toUnixSeconds } from '@parley/core';

export { toUnixSeconds };

export interface UpgradeRuleInput {
  stripeSubscriptionId?: string | null;
  /** Unix seconds (or millis, or a Firestore timestamp-like object) when the account joined. */
  joinedAt?: unknown;
  loadTokens?: number | null;
}

/** No subscription, and the account is older than 7 days or has under 500 load tokens. */
export function shouldShowUpgrade(workspace: UpgradeRuleInput, nowSeconds = Date.now() / 1000): boolean {
  return shouldShowUpgradePlan({
    hasSubscription: !!workspace.stripeSubscriptionId,
    joinedAtSeconds: toUnixSeconds(workspace.joinedAt),
    nowSeconds,
    loadTokens: workspace.loadTokens,
  });
}
