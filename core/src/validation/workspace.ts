// Workspace and auth rules: invitations (a loose e-mail check, never yourself, within the seat limit), a workspace
// name, never removing yourself, and what client sign-in needs.
import { DEFAULT_FREE_WORKSPACE_SEATS } from '../constants/app';
import { workspaceSeatLimitOfPlan } from '../domain/plan-limits';
import { WORKSPACE_MESSAGES as M } from './messages';

/** Seat limit = custom plan workspaceSeats + the default free seats. */
export const workspaceSeatLimit = (customPlanWorkspaceSeats: number | undefined | null): number =>
  (typeof customPlanWorkspaceSeats === 'number' && Number.isFinite(customPlanWorkspaceSeats) ? customPlanWorkspaceSeats : 0) +
  DEFAULT_FREE_WORKSPACE_SEATS;

/**
 * The seat limit of a stored workspace record: the custom plan's workspaceSeats on top of the subscription's seats
 * (v2StripeConfig.limits.workspaceSeats: free seats + seat add-ons), or of the free seats without a subscription.
 */
export function workspaceSeatLimitOf(record: { internal?: unknown; v2StripeConfig?: unknown } | null | undefined): number {
  return workspaceSeatLimitOfPlan(record as Record<string, unknown> | null | undefined);
}

/** Growing the member list past the seat limit is refused; removing members is always allowed. */
export function validateMemberCount(input: { before: number; after: number; seatLimit: number }): string | null {
  return input.after > input.before && input.after > input.seatLimit ? M.notEnoughSeats : null;
}

/** The invite form's e-mail check: contains @ and a dot. */
export const isLooseEmail = (email: string): boolean => email.includes('@') && email.includes('.');

export function validateInvite(input: {
  email: string;
  selfEmail: string | null | undefined;
  memberCount: number;
  customPlanWorkspaceSeats?: number | null;
  /** The workspace's seat limit (workspaceSeatLimitOf); without it, the custom plan's seats + the free seats. */
  seatLimit?: number;
}): string | null {
  const email = input.email.trim();
  if (!isLooseEmail(email)) return M.invalidEmail;
  if (input.selfEmail && email.toLowerCase() === input.selfEmail.trim().toLowerCase()) return M.inviteSelf;
  if (input.memberCount >= (input.seatLimit ?? workspaceSeatLimit(input.customPlanWorkspaceSeats))) return M.seatLimit;
  return null;
}

export function validateWorkspaceName(name: string): string | null {
  return name.trim() ? null : M.workspaceNameRequired;
}

export function validateRemoveMember(memberEmail: string, selfEmail: string | null | undefined): string | null {
  return selfEmail && memberEmail.trim().toLowerCase() === selfEmail.trim().toLowerCase() ? M.removeSelf : null;
}

/** Password sign-in needs both fields. */
export function validateClientLogin(input: { email: string; password: string }): string | null {
  return input.email.trim() && input.password ? null : M.clientLoginRequired;
}
/** Code sign-in needs an e-mail. */
export function validateClientCodeRequest(input: { email: string }): string | null {
  return input.email.trim() ? null : M.clientEmailRequired;
}
