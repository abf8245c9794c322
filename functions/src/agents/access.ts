// Who may touch an agent: its owner, or a member of the owner's workspace (usersPerms on users/{ownerID}).
import { timingSafeEqual } from 'node:crypto';
import { COLLECTIONS, paths, storedAgentSchema, type Agent } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export type StoredAgent = Agent & Record<string, unknown>;

export async function loadAgent(db: Firestore, agentId: string): Promise<StoredAgent | null> {
  const snap = await db.doc(paths.agent(agentId)).get();
  if (!snap.exists) return null;
  const parsed = storedAgentSchema.safeParse({ ID: agentId, ...snap.data() });
  // Legacy documents that do not fit the schema are still the owner's: keep their raw data.
  return (parsed.success ? parsed.data : { ID: agentId, ...snap.data() }) as StoredAgent;
}

export async function isWorkspaceMember(db: Firestore, ownerID: string, uid: string): Promise<boolean> {
  if (ownerID === uid) return true;
  const snap = await db.doc(paths.user(ownerID)).get();
  const perms = snap.get('usersPerms');
  return Array.isArray(perms) && perms.some((p) => p && typeof p === 'object' && (p as { userId?: unknown }).userId === uid);
}

export async function canEditAgent(db: Firestore, agent: { ownerID?: unknown }, uid: string): Promise<boolean> {
  return typeof agent.ownerID === 'string' && (await isWorkspaceMember(db, agent.ownerID, uid));
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
