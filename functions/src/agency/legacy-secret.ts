// The legacy agencies/{id}.secret is removed from every agency document: the document is readable by the workspace's
// members and the agency's clients, and the admin link accepts only the secret in agencies/{id}/private/secrets, so
// the copy there is a leak that opens nothing. It is deleted, not moved: a value others could read must never become
// the admin link's secret. Idempotent: a document without the field is never matched, so a second run changes nothing.
// Runs daily in production on both regions (migrateLegacyAgencySecrets) and once at every local stack start
// (local/stack/seed.ts).
import { paths } from '@parley/core';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { fixDocumentsWithField, MIGRATION_PAGE } from '../adapters/migration';

/** Removes the field from every agency of this database; answers how many documents had it. */
export function removeLegacyAgencySecrets(db: Firestore): Promise<number> {
  return fixDocumentsWithField(db.collection(paths.agencies()).orderBy('secret').limit(MIGRATION_PAGE), async (doc) => {
    await doc.ref.update({ secret: FieldValue.delete() });
  });
}
