// Workspace settings' result messages and the invite e-mail. The invite, rename and remove rules, their texts,
// the seat limit and the server's seat message are @parley/core's (validateInvite, workspaceSeatLimit,
// WORKSPACE_MESSAGES).

export const INVITE_MESSAGES = {
  failed: (email: string) => `Failed to invite ${email}`,
  success: 'Successfully invited',
  saveFailed: 'Failed to save workspace',
  deleteFailed: 'Failed to delete workspace',
} as const;

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
