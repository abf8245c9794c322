// Workspace requests carry the workspace secret as bearer (agency-shell-auth.md §6, §7).
import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { isRegion, paths, type Region } from '@parley/core';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { databaseFor, REGIONS } from '../adapters/firestore';
import { bearerToken, HttpError } from '../http/endpoint';

export const WORKSPACE_NOT_FOUND = 'Workspace not found.';
export const INVALID_SECRET = 'Invalid workspace secret.';

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

/** Finds the workspace and checks the bearer against its secret: 401 without a valid bearer, 404 when missing. */
export async function requireWorkspaceBearer(headers: IncomingHttpHeaders, uid: string, regionHint: string | null): Promise<WorkspaceHandle> {
  const token = bearerToken(headers);
  if (!token) throw new HttpError(401, INVALID_SECRET);
  const workspace = await findWorkspace(uid, regionHint);
  // Same answer for an unknown workspace and a wrong secret would hide existence, but the spec
  // names "Workspace not found." for a missing one; the secret still guards every change.
  if (!workspace) throw new HttpError(404, WORKSPACE_NOT_FOUND);
  const secrets = await databaseFor(workspace.region).doc(paths.userSecrets(uid)).get();
  const secret = secrets.get('workspaceSecret');
  if (typeof secret !== 'string' || !sameSecret(secret, token)) throw new HttpError(401, INVALID_SECRET);
  return workspace;
}

/** A signed-in user may act on a workspace they own or are a member of (workspaceEmails or usersPerms). */
export function isMemberOf(data: Record<string, unknown> | undefined, workspaceId: string, user: { uid: string; email?: string | null }): boolean {
  if (user.uid === workspaceId) return true;
  if (!data) return false;
  const email = user.email?.toLowerCase();
  const emails = Array.isArray(data.workspaceEmails) ? data.workspaceEmails : [];
  if (email && emails.some((e) => typeof e === 'string' && e.toLowerCase() === email)) return true;
  const perms = Array.isArray(data.usersPerms) ? data.usersPerms : [];
  return perms.some((p) => !!p && typeof p === 'object' && (p as { userId?: unknown }).userId === user.uid);
}
