// The legacy plain-text clients/{id}.dashboardPassword is removed from every client record: the record is readable
// by the org's admins, so a password there is a colleague's password. A client whose only password was that plain
// text keeps signing in with it: it is first hashed into private/credentials (unless a hash is already there, or a
// reset removed the password on purpose). Idempotent: a record without the field is never matched, so a second run
// changes nothing. Runs daily in production on both regions (migrateLegacyClientPasswords) and once at every local
// stack start (local/stack/seed.ts).
import { paths } from '@parley/core';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { fixDocumentsWithField, MIGRATION_PAGE } from '../adapters/migration';
import { hashPassword } from './password';

/** Removes the field from every client of this database; answers how many records had it. */
export function removeLegacyClientPasswords(db: Firestore): Promise<number> {
  return fixDocumentsWithField(db.collection(paths.clients()).orderBy('dashboardPassword').limit(MIGRATION_PAGE), async (doc) => {
    const credentialsRef = db.doc(paths.clientCredentials(doc.id));
    await db.runTransaction(async (tx) => {
      const [client, credentials] = await Promise.all([tx.get(doc.ref), tx.get(credentialsRef)]);
      const legacy: unknown = client.get('dashboardPassword');
      if (legacy === undefined) return;
      const hasHash = typeof credentials.get('dashboardPasswordHash') === 'string' || credentials.get('passwordResetAt') !== undefined;
      if (typeof legacy === 'string' && legacy !== '' && !hasHash) {
        tx.set(credentialsRef, { dashboardPasswordHash: await hashPassword(legacy), updatedAt: Date.now() }, { merge: true });
      }
      tx.update(doc.ref, { dashboardPassword: FieldValue.delete() });
    });
  });
}
