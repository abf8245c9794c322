// The data migrations production runs as scheduled jobs, for tools that run them elsewhere (the local stack's seed
// runs each once, on both databases). Each is a no-op once done. Imported file by file, so a tool loads the
// migrations and not the whole features.
import type { Firestore } from 'firebase-admin/firestore';
import type { Migration } from './adapters/migration';
import { removeLegacyAgencySecrets } from './agency/legacy-secret';
import { removeLegacyClientPasswords } from './clients/legacy-passwords';
import { fixConversationFlags } from './insights/conversation-flags';

export { fixConversationFlags, removeLegacyAgencySecrets, removeLegacyClientPasswords };

/** Every migration, in the order they run. */
export const MIGRATIONS: readonly Migration[] = [removeLegacyClientPasswords, removeLegacyAgencySecrets, fixConversationFlags];

/** Runs every migration on one database. */
export async function runMigrations(db: Firestore): Promise<void> {
  for (const migrate of MIGRATIONS) await migrate(db);
}
