// Who a caller is to a workspace (the record users/{workspaceId}): one rule for functions, mirroring
// firestore.rules' ownsWorkspaceData / isMemberOfData / isWorkspaceMember.

/** The fields of a workspace record the rule reads; anything else on the record is ignored. */
export interface WorkspaceMembershipData {
  ownerId?: unknown;
  workspaceEmails?: unknown;
  /** Present on some records; deliberately not read (see workspaceRole). */
  usersPerms?: unknown;
}

export interface WorkspaceCaller {
  uid: string;
  email?: string | null | undefined;
  /**
   * The token's `role` claim. Agency clients carry role 'client' and a uid of the client-login callable's
   * choosing: like the rules (isWorkspaceUser), a token with any role is never a workspace owner or member.
   */
  role?: unknown;
}

export type WorkspaceRole = 'owner' | 'member';

/**
 * 'owner': the caller's uid is the workspace id (personal workspace) or the team workspace's `ownerId`.
 * 'member': the caller's e-mail is in `workspaceEmails` (case-insensitive). `usersPerms` grants nothing here:
 * the rules cannot look inside that list of maps, and functions must not grant more than the rules do.
 * null otherwise. `data` may be missing (no record yet): only the uid == workspaceId owner remains.
 */
export function workspaceRole(
  workspace: { id: string; data?: WorkspaceMembershipData | null | undefined },
  caller: WorkspaceCaller,
): WorkspaceRole | null {
  if (!caller.uid || (caller.role !== undefined && caller.role !== null && caller.role !== '')) return null;
  if (caller.uid === workspace.id) return 'owner';
  const data = workspace.data;
  if (!data) return null;
  if (typeof data.ownerId === 'string' && data.ownerId !== '' && data.ownerId === caller.uid) return 'owner';
  const email = caller.email?.trim().toLowerCase();
  const emails = Array.isArray(data.workspaceEmails) ? data.workspaceEmails : [];
  if (email && emails.some((e) => typeof e === 'string' && e.trim().toLowerCase() === email)) return 'member';
  return null;
}

/** Owner or member. */
export const isWorkspaceMemberOf = (
  workspace: { id: string; data?: WorkspaceMembershipData | null | undefined },
  caller: WorkspaceCaller,
): boolean => workspaceRole(workspace, caller) !== null;
