// The shape every data migration shares: it visits the documents of a collection that still carry a legacy field and
// fixes each (removing the field), a page at a time, until none is left, so a second run finds nothing; production runs
// it daily on both regions, the local stack's seed once at every start (functions/src/migrations.ts).
import { REGIONS } from '@parley/core';
import type { Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/scheduler';
import { databaseFor } from './firestore';

/** How many documents a migration reads at a time. */
export const MIGRATION_PAGE = 200;

/** A migration of one database; answers how many documents it changed. */
export type Migration = (db: Firestore) => Promise<number>;

/**
 * Runs `fix` on every document `withField` matches, a page at a time, and answers how many there were. `withField`
 * is a collection ordered by the legacy field (ordering by a field matches only the documents that have it), limited
 * to MIGRATION_PAGE; `fix` removes the field (else the document would be visited again).
 */
export async function fixDocumentsWithField(withField: Query, fix: (doc: QueryDocumentSnapshot) => Promise<void>): Promise<number> {
  let fixed = 0;
  for (;;) {
    const page = await withField.get();
    if (page.empty) return fixed;
    for (const doc of page.docs) {
      await fix(doc);
      fixed += 1;
    }
  }
}

/** The scheduled job that runs `migration` daily on both regions (a no-op once done). */
export const dailyMigration = (migration: Migration) =>
  onSchedule({ schedule: 'every 24 hours' }, async () => {
    for (const region of REGIONS) await migration(databaseFor(region));
  });
