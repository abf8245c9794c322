// Version History backups: voiceglow/{agentId}/backups/{backupId} = { agent, ts, savedBy }, newest 20 kept.
// Shared with functions/src/agents-history (saveAgentBackup callable) — same shape, same cap.
import { paths, VERSION_HISTORY_MAX } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export const BACKUPS_COLLECTION = 'backups';

export interface AgentBackup {
  /** The public agent as saved (secrets never included). */
  agent: Record<string, unknown>;
  /** Milliseconds since epoch. */
  ts: number;
  /** uid of the signed-in user, or 'api' for bearer saves. */
  savedBy: string;
}

export const backupsPath = (agentId: string) => `${paths.agent(agentId)}/${BACKUPS_COLLECTION}`;

export async function writeAgentBackup(db: Firestore, agentId: string, backup: AgentBackup): Promise<string> {
  const ref = db.collection(backupsPath(agentId)).doc();
  await ref.set(backup);
  const all = await db.collection(backupsPath(agentId)).orderBy('ts', 'desc').get();
  const extra = all.docs.slice(VERSION_HISTORY_MAX);
  if (extra.length > 0) {
    const batch = db.batch();
    for (const doc of extra) batch.delete(doc.ref);
    await batch.commit();
  }
  return ref.id;
}
