// Conversations recorded before Chats' filters existed carry no handedOff/hasLead, so the status and lead filters
// (which match those fields) leave them out. This gives each such conversation its flags from what it already holds:
// handedOff when a handoff was asked for or a team member has it, hasLead when a lead is stored on it. Idempotent: a
// conversation that has both flags is never written, and each write is conditional on the document being unchanged
// since it was read (a concurrent handoff is never overwritten; the next run takes that conversation). Runs with the
// data migrations (functions/src/migrations.ts: once at every local stack start).
import { COLLECTIONS } from '@parley/core';
import { FieldPath, type DocumentData, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { MIGRATION_PAGE } from '../adapters/migration';

/** The flags a conversation lacks, from its own fields; null when it has both. */
export function missingFlags(data: DocumentData): { handedOff?: boolean; hasLead?: boolean } | null {
  const flags = {
    ...(typeof data.handedOff === 'boolean' ? {} : { handedOff: data.handoffRequested === true || data.control === 'human' }),
    ...(typeof data.hasLead === 'boolean' ? {} : { hasLead: typeof data.lead === 'object' && data.lead !== null }),
  };
  return Object.keys(flags).length ? flags : null;
}

/** Gives every conversation of this database the flags it lacks; answers how many it changed. */
export async function fixConversationFlags(db: Firestore): Promise<number> {
  let fixed = 0;
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    const firstPage = db.collectionGroup(COLLECTIONS.conversations).orderBy(FieldPath.documentId()).limit(MIGRATION_PAGE);
    const snap = await (after ? firstPage.startAfter(after) : firstPage).get();
    if (snap.empty) return fixed;
    const results = await Promise.all(snap.docs.map(async (doc) => {
      const flags = missingFlags(doc.data());
      if (!flags) return 0;
      // Changed since it was read: left for the next run rather than overwritten.
      return doc.ref.update(flags, { lastUpdateTime: doc.updateTime }).then(() => 1, () => 0);
    }));
    fixed += results.reduce<number>((a, b) => a + b, 0);
    after = snap.docs[snap.docs.length - 1];
  }
}
