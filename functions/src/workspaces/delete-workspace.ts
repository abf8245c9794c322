// DELETE /v2/workspaces/{uid} (bearer workspace secret, or the owner's ID token). The personal workspace cannot be deleted.
import { paths, workspacesApi, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { callerOfBearer, requireFoundWorkspace } from '../access';

export const PERSONAL_NOT_DELETABLE = 'The personal workspace cannot be deleted.';

/**
 * What a workspace holds at other providers, let go before its documents are deleted (never throws); answers a
 * sentence for each thing left there (out of reach, or kept by a failure), for the owner to delete at the provider.
 */
export interface WorkspaceDeletionDeps {
  releaseVoice: (region: Region, ownerID: string, agents: { ID: string; ownerID: string; title?: string; vapi?: { id?: unknown; account?: unknown } }[]) => Promise<string[]>;
}

export const deleteWorkspaceEndpoint = (deps: WorkspaceDeletionDeps) => defineEndpoint(workspacesApi.deleteWorkspace, async ({ params, headers, idTokens, query }) => {
  const workspace = await requireFoundWorkspace(await callerOfBearer({ headers, idTokens }), params.uid, { regionHint: query.region, ownerOnly: true });
  // A personal workspace is a user's own record (no ownerId, or ownerId = itself); team workspaces name their creator.
  const ownerId = workspace.snapshot.get('ownerId');
  if (typeof ownerId !== 'string' || ownerId === workspace.uid) throw new HttpError(400, PERSONAL_NOT_DELETABLE);
  const db = databaseFor(workspace.region);
  // What the workspace owns goes with it: its phone numbers and its agents' assistants at the
  // voice provider, its agents (with their knowledge, chats, stats and secrets) and its
  // notifications. The workspace record and its secret go last, so a failed run can be retried
  // with the same bearer.
  const agents = await db.collection(paths.agents()).where('ownerID', '==', workspace.uid).get();
  const leftAtProvider = await deps.releaseVoice(workspace.region, workspace.uid, agents.docs.map((a) => ({
    ID: a.id, ownerID: workspace.uid, title: typeof a.get('title') === 'string' ? (a.get('title') as string) : a.id, vapi: a.get('vapi') as { id?: unknown; account?: unknown } | undefined,
  })));
  for (const agent of agents.docs) await db.recursiveDelete(agent.ref);
  const writer = db.bulkWriter();
  for (const level of [1, 2] as const) {
    const notifications = await db.collection(paths.notifications(level)).where('ownerID', '==', workspace.uid).get();
    for (const notification of notifications.docs) void writer.delete(notification.ref);
  }
  await writer.close();
  await db.recursiveDelete(db.doc(paths.user(workspace.uid)));
  return { body: { success: true, leftAtProvider } };
});
