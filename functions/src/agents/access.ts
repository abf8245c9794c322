// Who may touch an agent: an owner or member of its workspace (users/{ownerID}), by core's workspaceRole —
// the same rule as firestore.rules.
import { timingSafeEqual } from 'node:crypto';
import { COLLECTIONS, isWorkspaceMemberOf, paths, storedAgentSchema, type Agent, type WorkspaceCaller } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/https';
import { requireUid } from '../callable/define-callable';

export type { WorkspaceCaller } from '@parley/core';

export type StoredAgent = Agent & Record<string, unknown>;

export async function loadAgent(db: Firestore, agentId: string): Promise<StoredAgent | null> {
  const snap = await db.doc(paths.agent(agentId)).get();
  if (!snap.exists) return null;
  const parsed = storedAgentSchema.safeParse({ ID: agentId, ...snap.data() });
  // Legacy documents that do not fit the schema are still the owner's: keep their raw data.
  return (parsed.success ? parsed.data : { ID: agentId, ...snap.data() }) as StoredAgent;
}

/** The signed-in caller of a callable (uid, e-mail and role claim), or `unauthenticated`. */
export function workspaceCallerOf(request: Pick<CallableRequest<unknown>, 'auth'>): WorkspaceCaller {
  const uid = requireUid(request as CallableRequest<unknown>);
  const token = (request.auth?.token ?? {}) as Record<string, unknown>;
  return { uid, email: typeof token.email === 'string' ? token.email : null, role: token.role };
}

/** Owner or member of the workspace users/{ownerID}. */
export async function isWorkspaceMember(db: Firestore, ownerID: string, caller: WorkspaceCaller): Promise<boolean> {
  if (!ownerID) return false;
  // The owner needs no read (a personal workspace's id is its uid); anyone else is checked against the record.
  if (isWorkspaceMemberOf({ id: ownerID }, caller)) return true;
  const snap = await db.doc(paths.user(ownerID)).get();
  return isWorkspaceMemberOf({ id: ownerID, data: snap.data() }, caller);
}

export async function canEditAgent(db: Firestore, agent: { ownerID?: unknown }, caller: WorkspaceCaller): Promise<boolean> {
  return typeof agent.ownerID === 'string' && (await isWorkspaceMember(db, agent.ownerID, caller));
}

export function sameSecret(a: string | undefined | null, b: string | undefined | null): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function readAgentSecretKey(db: Firestore, agentId: string): Promise<string | undefined> {
  const snap = await db.doc(paths.agentSecrets(agentId)).get();
  const value = snap.get('SECRET_API_KEY');
  return typeof value === 'string' ? value : undefined;
}

export async function readWorkspaceSecret(db: Firestore, uid: string): Promise<string | undefined> {
  const snap = await db.doc(paths.userSecrets(uid)).get();
  const value = snap.get('workspaceSecret');
  return typeof value === 'string' ? value : undefined;
}

/** The workspace (uid) a workspace secret belongs to, or null. */
export async function workspaceOfSecret(db: Firestore, secret: string): Promise<string | null> {
  const found = await db.collectionGroup(COLLECTIONS.private).where('workspaceSecret', '==', secret).limit(1).get();
  const doc = found.docs[0];
  // users/{uid}/private/secrets → the uid is the grandparent document.
  if (!doc || doc.ref.parent.parent?.parent.id !== COLLECTIONS.users) return null;
  return doc.ref.parent.parent.id;
}
