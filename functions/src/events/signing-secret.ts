// The workspace's events signing secret: in users/{uid}/private/secrets (eventsSigningSecret) beside the
// workspace secret, which no client can read. It only signs outgoing events; it opens nothing in our API.
import { randomBytes } from 'node:crypto';
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export const SIGNING_SECRET_FIELD = 'eventsSigningSecret';

// Standard Webhooks' form: the key's bytes in base64 behind `whsec_`.
const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The workspace's signing secret, created on first use (one transaction, so concurrent first uses agree). */
export async function ensureSigningSecret(db: Firestore, workspaceId: string): Promise<string> {
  const ref = db.doc(paths.userSecrets(workspaceId));
  return db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).get(SIGNING_SECRET_FIELD);
    if (typeof current === 'string' && current) return current;
    const created = newSigningSecret();
    tx.set(ref, { [SIGNING_SECRET_FIELD]: created }, { merge: true });
    return created;
  });
}

/** Replaces the signing secret; deliveries from now on are signed with the new one. */
export async function rotateSigningSecret(db: Firestore, workspaceId: string): Promise<string> {
  const next = newSigningSecret();
  await db.doc(paths.userSecrets(workspaceId)).set({ [SIGNING_SECRET_FIELD]: next }, { merge: true });
  return next;
}
