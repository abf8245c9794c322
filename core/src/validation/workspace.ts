// Workspace and auth rules: invitations (a loose e-mail check, never yourself, within the seat limit), a workspace
// name, never removing yourself, and what client sign-in needs.
import { DEFAULT_FREE_WORKSPACE_SEATS } from '../constants/app';
import { WORKSPACE_MESSAGES as M } from './messages';

/** Seat limit = custom plan workspaceSeats + the default free seats. */
export const workspaceSeatLimit = (customPlanWorkspaceSeats: number | undefined | null): number =>
  (typeof customPlanWorkspaceSeats === 'number' && Number.isFinite(customPlanWorkspaceSeats) ? customPlanWorkspaceSeats : 0) +
  DEFAULT_FREE_WORKSPACE_SEATS;

/** The seat limit of a stored workspace record (internal.customPlan.limits.workspaceSeats + the free seats). */
export function workspaceSeatLimitOf(record: { internal?: unknown } | null | undefined): number {
  const internal = (record?.internal ?? {}) as { customPlan?: { limits?: { workspaceSeats?: unknown } } };
  const seats = internal.customPlan?.limits?.workspaceSeats;
  return workspaceSeatLimit(typeof seats === 'number' ? seats : null);
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
}): string | null {
  const email = input.email.trim();
  if (!isLooseEmail(email)) return M.invalidEmail;
  if (input.selfEmail && email.toLowerCase() === input.selfEmail.trim().toLowerCase()) return M.inviteSelf;
  if (input.memberCount >= workspaceSeatLimit(input.customPlanWorkspaceSeats)) return M.seatLimit;
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
