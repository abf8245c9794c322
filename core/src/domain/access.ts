// Who may open an agent, when a client is locked out, and the custom-branding upsell.
import { PAY_AS_YOU_GO_WHITELABEL_UPGRADE_USD_MONTHLY, WHITELABEL_ADDON_USD_MONTHLY, WHITELABEL_TRIAL_DAYS } from '../constants/agency';

export const ACCESS_MESSAGES = {
  accessDisabled: 'Access is currently disabled. Pleas contact your provider!',
  orgHasNoAgents: 'This org has no agents',
  accountHasNoAgents: 'This account has not agents',
  widgetDoesNotExist: 'This widget does not exist.',
} as const;

/**
 * An agent opens for its owner, members of the owner's workspace, clients that have it in widgetIDs,
 * and anyone on a share path.
 */
export function canOpenAgent(input: {
  agentId: string;
  agentOwnerID: string;
  uid?: string | null;
  /** uids of the workspaces the user is a member of (workspaceEmails lists them). */
  memberOfWorkspaces?: readonly string[];
  clientWidgetIDs?: readonly string[];
  isSharePath?: boolean;
}): boolean {
  if (input.isSharePath) return true;
  if (input.uid && input.uid === input.agentOwnerID) return true;
  if (input.memberOfWorkspaces?.includes(input.agentOwnerID)) return true;
  return !!input.clientWidgetIDs?.includes(input.agentId);
}

/** The fixed Log Out modal: org access disabled (its message, else the default) or no agents. null = allowed. */
export function clientLockout(input: {
  disableClientAccess?: boolean | undefined;
  disableClientAccessMessage?: string | undefined;
  agentCount: number;
}): { reason: 'disabled' | 'no-agents'; message: string } | null {
  if (input.disableClientAccess) {
    return { reason: 'disabled', message: input.disableClientAccessMessage?.trim() || ACCESS_MESSAGES.accessDisabled };
  }
  if (input.agentCount === 0) return { reason: 'no-agents', message: ACCESS_MESSAGES.orgHasNoAgents };
  return null;
}

/** Upsell shown instead of the custom-domain input when the workspace cannot use custom branding. */
export function brandingUpsell(input: { canAccessCustomBranding: boolean; onFinalPricing: boolean; hasSubscription: boolean }):
  { label: string; action: 'whitelabel-addon' | 'upgrade-plan' } | null {
  if (input.canAccessCustomBranding) return null;
  if (input.onFinalPricing && input.hasSubscription) {
    return { label: `Get Whitelabel Addon ($${WHITELABEL_ADDON_USD_MONTHLY}/month)`, action: 'whitelabel-addon' };
  }
  return { label: `Upgrade Plan ($${PAY_AS_YOU_GO_WHITELABEL_UPGRADE_USD_MONTHLY}/month)`, action: 'upgrade-plan' };
}

export const whitelabelTrialEndsAt = (startSeconds: number): number => startSeconds + WHITELABEL_TRIAL_DAYS * 86400;
export const isWhitelabelTrialActive = (endsAtSeconds: number | null | undefined, nowSeconds: number): boolean =>
  typeof endsAtSeconds === 'number' && nowSeconds < endsAtSeconds;
