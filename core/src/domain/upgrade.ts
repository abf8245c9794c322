// When the shell shows the Upgrade Plan button.
import { UPGRADE_ACCOUNT_AGE_SECONDS, UPGRADE_MIN_LOAD_TOKENS } from '../constants/app';

/**
 * No subscription, and the account is older than 7 days or has under 500 load tokens.
 * joinedAtSeconds/nowSeconds are unix seconds; an unknown join date counts as not old.
 */
export function shouldShowUpgradePlan(input: {
  hasSubscription: boolean;
  joinedAtSeconds: number | null | undefined;
  nowSeconds: number;
  loadTokens: number | null | undefined;
}): boolean {
  if (input.hasSubscription) return false;
  const old = typeof input.joinedAtSeconds === 'number' && input.nowSeconds - input.joinedAtSeconds > UPGRADE_ACCOUNT_AGE_SECONDS;
  const low = (input.loadTokens ?? 0) < UPGRADE_MIN_LOAD_TOKENS;
  return old || low;
}
