// POST /v2/workspaces/{uid}: saves the workspace's editable fields (bearer workspace secret, or the ID token of
// its owner or a member). Only the contract's fields can change; server-owned fields (workspaceSecret,
// loadTokens, internal, stripe*, hasEverPaid, region, joinedAt …) in the body are ignored. Who may change what
// is firestore.rules' allowlist (access's checkWorkspaceUpdate): members rename and invite, only the owner (or
// its secret) edits the owner's profile and removes members.
import { paths, redactWorkspace, validateMemberCount, workspaceSeatLimitOf, workspacesApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { callerOfBearer, checkWorkspaceUpdate, requireFoundWorkspace } from '../access';

export const saveWorkspaceEndpoint = defineEndpoint(workspacesApi.saveWorkspace, async ({ params, headers, idTokens, query, body }) => {
  const workspace = await requireFoundWorkspace(await callerOfBearer({ headers, idTokens }), params.uid, { regionHint: query.region });
  const current = workspace.snapshot.data() ?? {};
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) update[key] = value;
  if (body.workspaceEmails) update.workspaceEmails = [...new Set(body.workspaceEmails)];
  checkWorkspaceUpdate(workspace.access, current, update);
  if (Array.isArray(update.workspaceEmails)) {
    const before = Array.isArray(current.workspaceEmails) ? current.workspaceEmails.length : 0;
    const tooMany = validateMemberCount({ before, after: update.workspaceEmails.length, seatLimit: workspaceSeatLimitOf(current) });
    if (tooMany) throw new HttpError(403, tooMany);
  }
  const ref = databaseFor(workspace.region).doc(paths.user(workspace.uid));
  if (Object.keys(update).length > 0) await ref.set(update, { merge: true });
  const saved = (await ref.get()).data() ?? {};
  return { body: { success: true, workspace: redactWorkspace({ ...saved, uid: workspace.uid }) } };
});
