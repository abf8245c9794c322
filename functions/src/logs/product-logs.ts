// Entries the product writes itself when something the workspace set up fails: a tool its agent called, a reply a
// channel refused. Written from code that holds a region's database, through the platform's logs dependencies.
import { DATABASE_IDS, paths, REGIONS, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { sendMail } from '../adapters/mailer';
import { appendWorkspaceLog, type LogsDeps } from './log-entries';

/** The platform's logs: Firestore per region, Resend, the clock. */
export const platformLogs = (): LogsDeps => ({ db: databaseFor, mail: sendMail, now: Date.now });

/** The region whose database `db` is (null for a database that is neither). */
export const regionOfDatabase = (db: Firestore): Region | null => REGIONS.find((r) => DATABASE_IDS[r] === db.databaseId) ?? null;

/** A failure about an agent, logged in the agent's workspace (read from the agent). Never throws. */
export async function logAgentFailure(
  deps: LogsDeps,
  db: Firestore,
  entry: { agentId: string; ownerID?: string; channel: string; content: string; metadata?: Record<string, unknown> },
): Promise<void> {
  try {
    const region = regionOfDatabase(db);
    const owner = entry.ownerID || (await db.doc(paths.agent(entry.agentId)).get()).get('ownerID');
    if (!region || typeof owner !== 'string' || !owner) return;
    await appendWorkspaceLog(deps, region, owner, { type: 'error', agentId: entry.agentId, channel: entry.channel, content: entry.content, metadata: entry.metadata ?? {} });
  } catch (error) {
    console.error('[logs] product log not written:', error instanceof Error ? error.message : error);
  }
}

/** Logs a tool call that failed (the workspace's tool answered an error, or could not be reached). */
export const toolFailureLogger =
  (deps: LogsDeps) =>
  (db: Firestore, agent: { ID: string; ownerID: string }, record: { name: string; ok: boolean; status?: number; result?: string; timeMs?: number }): void => {
    const why = record.status !== undefined ? `answered with status ${record.status}` : (record.result ?? 'could not be called');
    void logAgentFailure(deps, db, {
      agentId: agent.ID, ownerID: agent.ownerID, channel: '', content: `Tool ${record.name} failed: ${why}`,
      metadata: { tool: record.name, status: record.status ?? null, timeMs: record.timeMs ?? null },
    });
  };
