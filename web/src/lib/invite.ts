// Workspace invite/rename/remove rules (agency-shell-auth.md §5): the rules and texts are @parley/core's;
// the §8 result messages and the invite e-mail are here.
import { validateInvite as coreValidateInvite, validateRemoveMember, validateWorkspaceName, WORKSPACE_MESSAGES, workspaceSeatLimit } from '@parley/core';

export { validateRemoveMember, validateWorkspaceName };

export const INVITE_MESSAGES = {
  invalidEmail: WORKSPACE_MESSAGES.invalidEmail,
  self: WORKSPACE_MESSAGES.inviteSelf,
  noSeats: WORKSPACE_MESSAGES.seatLimit,
  removeSelf: WORKSPACE_MESSAGES.removeSelf,
  nameRequired: WORKSPACE_MESSAGES.workspaceNameRequired,
  failed: (email: string) => `Failed to invite ${email}`,
  success: 'Successfully invited',
  saveFailed: 'Failed to save workspace',
  notEnoughSeats: 'Failed to add user to workspace, workspace does not have enough seats',
  deleteFailed: 'Failed to delete workspace',
} as const;

/** Seat limit = custom plan workspaceSeats plus the default free seats. */
export const seatLimit = (customPlanSeats: number | undefined | null): number => workspaceSeatLimit(customPlanSeats);

/** The first rule the invite breaks, or null when it may go ahead. */
export function validateInvite(opts: { email: string; selfEmail: string | null | undefined; memberCount: number; customPlanSeats?: number | null }): string | null {
  return coreValidateInvite({ email: opts.email, selfEmail: opts.selfEmail, memberCount: opts.memberCount, customPlanWorkspaceSeats: opts.customPlanSeats });
}

/** The invite e-mail body (sent through POST /v2/workspaces/{uid}/email). */
export function inviteEmail(opts: { workspaceName: string; inviterEmail: string; appUrl: string }): { subject: string; html: string } {
  const name = escapeHtml(opts.workspaceName);
  const inviter = escapeHtml(opts.inviterEmail);
  const url = escapeHtml(opts.appUrl);
  return {
    subject: `You've been invited to ${opts.workspaceName} on Parley`,
    html: `<p>${inviter} invited you to the workspace <strong>${name}</strong> on Parley.</p><p><a href="${url}">Sign in or create an account with this e-mail address</a> to join. The workspace then appears in your workspace switcher.</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
