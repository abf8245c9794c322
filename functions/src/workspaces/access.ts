// Workspace requests carry the workspace secret as bearer (agency-shell-auth.md §6, §7). The dashboard may
// instead send the signed-in user's Firebase ID token (the secret sits in users/{uid}/private, which no
// client can read): owners and members (workspaceEmails) are accepted that way.
import type { IncomingHttpHeaders } from 'node:http';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { timingSafeEqual } from 'node:crypto';
import { isRegion, paths, workspaceRole, type Region } from '@parley/core';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { databaseFor, REGIONS } from '../adapters/firestore';
import { bearerToken, HttpError } from '../http/endpoint';

export const WORKSPACE_NOT_FOUND = 'Workspace not found.';
export const INVALID_SECRET = 'Invalid workspace secret.';
export const NOT_A_MEMBER = 'You are not a member of this workspace.';
export const OWNER_ONLY = 'Only the workspace owner can do this.';

export interface TokenUser {
  uid: string;
  email: string | null;
  /** The token's `role` claim: agency clients carry one and are never workspace members. */
  role?: unknown;
}
export type IdTokenVerifier = (token: string) => Promise<TokenUser | null>;

const firebaseVerifier: IdTokenVerifier = async (token) => {
  try {
    const decoded = await getAuth(getApps()[0] ?? initializeApp()).verifyIdToken(token);
    return { uid: decoded.uid, email: typeof decoded.email === 'string' ? decoded.email : null, role: decoded.role };
  } catch {
    return null;
  }
};
let verifier: IdTokenVerifier = firebaseVerifier;
/** Tests swap the verifier (no Auth emulator in integration tests). */
export function setWorkspaceIdTokenVerifier(next: IdTokenVerifier | null): void {
  verifier = next ?? firebaseVerifier;
}

/** Workspace secrets start with vg_; an ID token is a three-part JWT. */
const looksLikeIdToken = (token: string) => !token.startsWith('vg_') && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

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
    const user = await verifier(token);
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
