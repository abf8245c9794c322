// Workspace requests carry the workspace secret as bearer (agency-shell-auth.md §6, §7). The dashboard may
// instead send the signed-in user's Firebase ID token (the secret sits in users/{uid}/private, which no
// client can read): owners and members (workspaceEmails) are accepted that way.
import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { isRegion, paths, workspaceRole, type Region, type WorkspaceCaller } from '@parley/core';
import { looksLikeIdToken, verifyIdToken } from '../adapters/id-token';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { databaseFor, REGIONS } from '../adapters/firestore';
import { bearerToken, HttpError } from '../http/endpoint';

export const WORKSPACE_NOT_FOUND = 'Workspace not found.';
export const INVALID_SECRET = 'Invalid workspace secret.';
export const NOT_A_MEMBER = 'You are not a member of this workspace.';
export const OWNER_ONLY = 'Only the workspace owner can do this.';

/** A verified dashboard user: uid, e-mail and role claim. */
export type TokenUser = WorkspaceCaller;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface WorkspaceHandle {
  region: Region;
  uid: string;
  snapshot: DocumentSnapshot;
}

/** The workspace users/{uid} in the region named by ?region=, or in whichever region holds it. */
export async function findWorkspace(uid: string, regionHint: string | null): Promise<WorkspaceHandle | null> {
  const order: Region[] = isRegion(regionHint) ? [regionHint, ...REGIONS.filter((r) => r !== regionHint)] : REGIONS;
  for (const region of order) {
    const snapshot = await databaseFor(region).doc(paths.user(uid)).get();
    if (snapshot.exists) return { region, uid, snapshot };
  }
  return null;
}

/**
 * Finds the workspace and checks the bearer: its workspace secret, or the ID token of an owner or member
 * (an owner only when `ownerOnly`). 401 without a valid bearer, 403 for a non-member, 404 when missing.
 */
export async function requireWorkspaceBearer(
  headers: IncomingHttpHeaders,
  uid: string,
  regionHint: string | null,
  opts: { ownerOnly?: boolean } = {},
): Promise<WorkspaceHandle & { actor: TokenUser | null }> {
  const token = bearerToken(headers);
  if (!token) throw new HttpError(401, INVALID_SECRET);
  const workspace = await findWorkspace(uid, regionHint);
  if (!workspace) throw new HttpError(404, WORKSPACE_NOT_FOUND);
  if (looksLikeIdToken(token)) {
    const user = await verifyIdToken(token);
    if (!user) throw new HttpError(401, 'Invalid bearer token.');
    const data = workspace.snapshot.data();
    const role = workspaceRole({ id: uid, data }, user);
    if (!role) throw new HttpError(403, NOT_A_MEMBER);
    if (opts.ownerOnly && role !== 'owner') throw new HttpError(403, OWNER_ONLY);
    return { ...workspace, actor: user };
  }
  const secrets = await databaseFor(workspace.region).doc(paths.userSecrets(uid)).get();
  const secret = secrets.get('workspaceSecret');
  if (typeof secret !== 'string' || !sameSecret(secret, token)) throw new HttpError(401, INVALID_SECRET);
  return { ...workspace, actor: null };
}
