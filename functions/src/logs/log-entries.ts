// The workspace's log store: users/{uid}/workspaceLogs/{id}, written by functions only (the product's own failures
// and the integrators' REST call), read through listWorkspaceLogs. Each entry carries `expiresAt`, on which a
// Firestore TTL policy (firestore.indexes.json) deletes it after WORKSPACE_LOG_TTL_DAYS.
import { COLLECTIONS, logsApi, paths, type Region } from '@parley/core';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { OutgoingMail } from '../adapters/mailer';
import { filterKeysOf, type FilteredList } from './filter-keys';

export const WORKSPACE_LOGS = 'workspaceLogs' satisfies FilteredList;
const DAY_MS = 86_400_000;
/** Metadata is kept as JSON text, capped: a log is for reading, not for storing payloads. */
const METADATA_MAX_CHARS = 10_000;

export interface LogsDeps {
  db: (region: Region) => Firestore;
  mail: (mail: OutgoingMail) => Promise<string>;
  now: () => number;
}

export const workspaceLogsPath = (workspaceId: string) => `${paths.user(workspaceId)}/${WORKSPACE_LOGS}`;
/** The fields the Logs tab filters by. */
export const LOG_FILTER_FIELDS = ['type', 'agentId', 'channel'] as const;

function metadataText(metadata: Record<string, unknown>): string {
  const text = JSON.stringify(metadata);
  return text.length > METADATA_MAX_CHARS ? `${text.slice(0, METADATA_MAX_CHARS)}…` : text;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail for an error entry written `withEmail`: to the workspace's own e-mails, in our words only (the entry's
 * content is the writer's, so it stays in the Logs tab rather than going out under our name).
 */
function errorMail(to: string[], workspaceName: string, entry: { agentId: string; channel: string }): OutgoingMail {
  const where = [entry.agentId && `agent ${entry.agentId}`, entry.channel && `channel ${entry.channel}`].filter(Boolean).join(', ');
  return {
    to,
    subject: 'An error was logged in your workspace',
    html: `<p>An error was logged in ${escapeHtml(workspaceName || 'your workspace')}${where ? ` (${escapeHtml(where)})` : ''}.</p><p>Open Events → Logs in your dashboard to read it.</p>`,
  };
}

/**
 * Appends an entry; an error written `withEmail` is mailed to the workspace's e-mails. Never throws: a log that
 * cannot be written (or mailed) goes to the console only, and the work that logged goes on.
 */
export async function appendWorkspaceLog(
  deps: LogsDeps,
  region: Region,
  workspaceId: string,
  input: logsApi.LogEntryInput,
): Promise<{ id: string; emailed: boolean } | null> {
  try {
    const entry = logsApi.logEntryInputSchema.parse(input);
    const db = deps.db(region);
    const now = deps.now();
    const ref = db.collection(workspaceLogsPath(workspaceId)).doc();
    await ref.set({
      type: entry.type, channel: entry.channel, agentId: entry.agentId, content: entry.content, metadata: metadataText(entry.metadata),
      filters: filterKeysOf({ type: entry.type, agentId: entry.agentId, channel: entry.channel }),
      createdAt: now, expiresAt: Timestamp.fromMillis(now + logsApi.WORKSPACE_LOG_TTL_DAYS * DAY_MS),
    });
    let emailed = false;
    if (entry.withEmail && entry.type === 'error') {
      const workspace = (await db.doc(paths.user(workspaceId)).get()).data() ?? {};
      const to = workspaceEmailsOf(workspace);
      if (to.length > 0) {
        await deps.mail(errorMail(to, String(workspace.workspaceName ?? ''), entry)).then(() => (emailed = true), (error: unknown) => console.error('[logs] error e-mail failed:', error instanceof Error ? error.message : error));
      }
    }
    return { id: ref.id, emailed };
  } catch (error) {
    console.error(`[logs] could not write a log of ${COLLECTIONS.users}/${workspaceId}:`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** The workspace's e-mails (its members' and its owner's), each once. */
export function workspaceEmailsOf(workspace: Record<string, unknown>): string[] {
  const emails = Array.isArray(workspace.workspaceEmails) ? workspace.workspaceEmails.filter((e): e is string => typeof e === 'string' && e.includes('@')) : [];
  return [...new Set(emails.map((e) => e.trim().toLowerCase()))];
}
