// Secrets as bearer: workspace secrets (users/{uid}/private/secrets.workspaceSecret) and agent secrets
// (voiceglow/{agentId}/private/secrets.SECRET_API_KEY). No client can read either document.
import { timingSafeEqual } from 'node:crypto';
import { COLLECTIONS, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

/** Constant-time comparison; an absent secret never matches. */
export function sameSecret(a: string | undefined | null, b: string | undefined | null): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function readAgentSecretKey(db: Firestore, agentId: string): Promise<string | undefined> {
  const value = (await db.doc(paths.agentSecrets(agentId)).get()).get('SECRET_API_KEY');
  return typeof value === 'string' ? value : undefined;
}

export async function readWorkspaceSecret(db: Firestore, workspaceId: string): Promise<string | undefined> {
  const value = (await db.doc(paths.userSecrets(workspaceId)).get()).get('workspaceSecret');
  return typeof value === 'string' ? value : undefined;
}

/** The workspace a workspace secret belongs to, or null. */
export async function workspaceOfSecret(db: Firestore, secret: string): Promise<string | null> {
  const found = await db.collectionGroup(COLLECTIONS.private).where('workspaceSecret', '==', secret).limit(1).get();
  const doc = found.docs[0];
  // users/{uid}/private/secrets → the uid is the grandparent document.
  if (!doc || doc.ref.parent.parent?.parent.id !== COLLECTIONS.users) return null;
  return doc.ref.parent.parent.id;
}
