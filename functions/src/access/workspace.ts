// May this caller act on the workspace users/{workspaceId}? The same rule as firestore.rules'
// `match /users/{uid}` (owner: the uid itself or a team workspace's `ownerId` — ownsWorkspaceData; member: the
// verified e-mail in `workspaceEmails` — isMemberOfData; never a token with a role claim — isWorkspaceUser), through
// core's workspaceRole. Functions also accept the workspace's own secret as bearer, which the rules never see.
import { paths, REGIONS, workspaceRole, workspaceUpdateDenial, type Region, type WorkspaceMembershipData } from '@parley/core';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { HttpError } from '../http/endpoint';
import type { Caller } from './caller';
import { readWorkspaceSecret, sameSecret, workspaceOfSecret } from './secrets';

export const WORKSPACE_NOT_FOUND = 'Workspace not found.';
export const INVALID_WORKSPACE_SECRET = 'Invalid workspace secret.';
export const OTHER_WORKSPACE_SECRET = 'This secret belongs to another workspace.';
export const NOT_A_MEMBER = 'You are not a member of this workspace.';
export const OWNER_ONLY = 'Only the workspace owner can do this.';
export const WORKSPACE_SECRET_REQUIRED = 'Use the workspace secret as bearer.';

export interface WorkspaceHandle {
  region: Region;
  uid: string;
  snapshot: DocumentSnapshot;
}

/** The workspace users/{uid} in the region named by the hint, or in whichever region holds it. */
export async function findWorkspace(uid: string, regionHint: Region | null | undefined): Promise<WorkspaceHandle | null> {
  const order: readonly Region[] = regionHint ? [regionHint, ...REGIONS.filter((r) => r !== regionHint)] : REGIONS;
  for (const region of order) {
    const snapshot = await databaseFor(region).doc(paths.user(uid)).get();
    if (snapshot.exists) return { region, uid, snapshot };
  }
  return null;
}

export interface WorkspaceAccess {
  region: Region;
  workspaceId: string;
  /** How the caller got in: its role in the workspace, or the workspace's secret. */
  via: 'owner' | 'member' | 'secret';
  /** Who acts: the user's uid, or the workspace id for its secret. */
  actor: string;
}

/**
 * The caller's access to the workspace, or an HttpError: 401 for a secret that is nobody's, 403 for another
 * workspace's secret, a non-member, a client, or a member where `ownerOnly`. `record` is the workspace record when
 * the caller already read it (null: there is none); otherwise it is read.
 */
export async function requireWorkspaceAccess(
  caller: Caller,
  region: Region,
  workspaceId: string,
  opts: { ownerOnly?: boolean; record?: WorkspaceMembershipData | null } = {},
): Promise<WorkspaceAccess> {
  const db = databaseFor(region);
  if (caller.kind === 'secret') {
    if (sameSecret(caller.secret, await readWorkspaceSecret(db, workspaceId))) return { region, workspaceId, via: 'secret', actor: workspaceId };
    if (await workspaceOfSecret(db, caller.secret)) throw new HttpError(403, OTHER_WORKSPACE_SECRET);
    throw new HttpError(401, INVALID_WORKSPACE_SECRET);
  }
  if (caller.kind === 'client') throw new HttpError(403, NOT_A_MEMBER);
  const record = opts.record !== undefined ? opts.record : ((await db.doc(paths.user(workspaceId)).get()).data() ?? null);
  const role = workspaceRole({ id: workspaceId, data: record }, caller);
  if (!role) throw new HttpError(403, NOT_A_MEMBER);
  if (opts.ownerOnly && role !== 'owner') throw new HttpError(403, OWNER_ONLY);
  return { region, workspaceId, via: role, actor: caller.uid };
}

/**
 * The workspace wherever it is (the hint's region first) and the caller's access to it: 404 "Workspace not
 * found." before any bearer check against it.
 */
export async function requireFoundWorkspace(
  caller: Caller,
  workspaceId: string,
  opts: { regionHint?: Region | null; ownerOnly?: boolean } = {},
): Promise<WorkspaceHandle & { access: WorkspaceAccess }> {
  const workspace = await findWorkspace(workspaceId, opts.regionHint);
  if (!workspace) throw new HttpError(404, WORKSPACE_NOT_FOUND);
  const access = await requireWorkspaceAccess(caller, workspace.region, workspace.uid, { ownerOnly: opts.ownerOnly, record: workspace.snapshot.data() ?? null });
  return { ...workspace, access };
}

/**
 * Who may write to a workspace from outside the dashboard (its logs): its own secret as bearer. 401 for an ID token
 * (anyone's), 401/403 for a secret that is nobody's or another workspace's.
 */
export async function requireWorkspaceSecret(caller: Caller, workspace: WorkspaceHandle): Promise<WorkspaceAccess> {
  if (caller.kind !== 'secret') throw new HttpError(401, WORKSPACE_SECRET_REQUIRED);
  return requireWorkspaceAccess(caller, workspace.region, workspace.uid, { record: workspace.snapshot.data() ?? null });
}

/**
 * Who may change what of the workspace record: firestore.rules' allowlist (core's workspaceUpdateDenial). Members
 * rename and invite; only the owner, or its secret (the owner's key to the API, acting as the owner), edits the
 * owner's profile and removes members. 403 with the denial's sentence otherwise.
 */
export function checkWorkspaceUpdate(access: Pick<WorkspaceAccess, 'via'>, current: Record<string, unknown>, update: Record<string, unknown>): void {
  const denied = workspaceUpdateDenial(access.via === 'member' ? 'member' : 'owner', current, update);
  if (denied) throw new HttpError(403, denied);
}

/** Whether this access sees the workspace's secrets (its own, its agents', its provider keys, even masked): the owner's alone. */
export const seesWorkspaceSecrets = (access: Pick<WorkspaceAccess, 'via'>): boolean => access.via === 'owner';
