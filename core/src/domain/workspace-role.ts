// Who a caller is to a workspace (the record users/{workspaceId}) and what each role may change on it: one rule
// for functions, mirroring firestore.rules' `match /users/{uid}` (ownsWorkspaceData, isMemberOfData,
// isWorkspaceMember, ownerEditableFields, memberEditableFields, validWorkspaceEmails).

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
   * The token's `email_verified`. Membership rests on the e-mail, so an address nobody proved to own grants
   * nothing: otherwise whoever signs up first with an invited address would walk into the workspace.
   */
  emailVerified?: boolean | null | undefined;
  /**
   * The token's `role` claim. Agency clients carry role 'client' and a uid of the client-login callable's
   * choosing: like the rules (isWorkspaceUser), a token with any role is never a workspace owner or member.
   */
  role?: unknown;
}

export type WorkspaceRole = 'owner' | 'member';

/**
 * 'owner': the caller's uid is the workspace id (personal workspace) or the team workspace's `ownerId`.
 * 'member': the caller's verified e-mail, lower-cased, is in `workspaceEmails` (stored lower-case; the rules
 * compare exactly, and so does this). `usersPerms` grants nothing here: the rules cannot look inside that list
 * of maps, and functions must not grant more than the rules do.
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
  if (caller.emailVerified !== true) return null;
  const email = caller.email?.toLowerCase();
  const emails = Array.isArray(data.workspaceEmails) ? data.workspaceEmails : [];
  if (email && emails.includes(email)) return 'member';
  return null;
}

/** Owner or member. */
export const isWorkspaceMemberOf = (
  workspace: { id: string; data?: WorkspaceMembershipData | null | undefined },
  caller: WorkspaceCaller,
): boolean => workspaceRole(workspace, caller) !== null;

// ---- what each role may change (firestore.rules: ownerEditableFields / memberEditableFields) ----

/** Fields of users/{uid} its owner may change directly; everything else is written by functions only. */
export const OWNER_EDITABLE_WORKSPACE_FIELDS = [
  'displayName', 'photoURL', 'location', 'doubleAccountWarningHidden', 'showOnboarding',
  'workspaceName', 'workspaceEmails', 'workspacePhotoURL', 'lastModified',
] as const;

/** Fields a member may change: the workspace's name, picture and member list (adding only). */
export const MEMBER_EDITABLE_WORKSPACE_FIELDS = ['workspaceName', 'workspaceEmails', 'workspacePhotoURL'] as const;

/** The most addresses workspaceEmails may hold (the seat limit is usually far lower). */
export const WORKSPACE_EMAILS_MAX = 200;

/**
 * A workspaceEmails entry: a lower-case address with a dot in its domain. The rules hold the same pattern
 * (validWorkspaceEmails), so a list the SPA writes directly is judged as the API judges it.
 */
export const WORKSPACE_EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

export const WORKSPACE_ROLE_MESSAGES = {
  ownerOnly: 'Only the workspace owner can do this.',
  ownerRemovesMembers: 'Only the workspace owner can remove members.',
  /** createWorkspace before the e-mail is verified: no workspace (and no sign-up credits) for an unproved address. */
  verifyEmailFirst: 'Please verify your e-mail address first.',
} as const;

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Why `role` may not apply `update` to the stored record `current`, or null when it may. Like the rules, only
 * fields whose value changes count: a member re-sending the owner's unchanged displayName is fine, changing it
 * is not; a member may add addresses to workspaceEmails but not drop anyone.
 */
export function workspaceUpdateDenial(
  role: WorkspaceRole,
  current: Record<string, unknown>,
  update: Record<string, unknown>,
): string | null {
  const allowed: readonly string[] = role === 'owner' ? OWNER_EDITABLE_WORKSPACE_FIELDS : MEMBER_EDITABLE_WORKSPACE_FIELDS;
  const changed = Object.keys(update).filter((key) => !sameValue(update[key], current[key]));
  if (changed.some((key) => !allowed.includes(key))) return WORKSPACE_ROLE_MESSAGES.ownerOnly;
  if (role === 'member' && changed.includes('workspaceEmails')) {
    const before = Array.isArray(current.workspaceEmails) ? current.workspaceEmails : [];
    const after = Array.isArray(update.workspaceEmails) ? update.workspaceEmails : [];
    // Lower-casing a legacy entry (the API stores addresses lower-case) removes nobody.
    if (before.some((email) => !after.includes(typeof email === 'string' ? email.toLowerCase() : email))) return WORKSPACE_ROLE_MESSAGES.ownerRemovesMembers;
  }
  return null;
}
