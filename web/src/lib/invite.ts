// Workspace settings' result messages. The invite, rename and remove rules, their texts, the seat limit and the
// server's seat message are @parley/core's (validateInvite, workspaceSeatLimit, WORKSPACE_MESSAGES); the
// invitation e-mail is written by the server (POST /v2/workspaces/{uid}/email).

export const INVITE_MESSAGES = {
  failed: (email: string) => `Failed to invite ${email}`,
  success: 'Successfully invited',
  saveFailed: 'Failed to save workspace',
  deleteFailed: 'Failed to delete workspace',
} as const;
