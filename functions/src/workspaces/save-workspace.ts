// POST /v2/workspaces/{uid}: saves the workspace's editable fields (bearer workspace secret).
// Only the fields below can change; server-owned fields (workspaceSecret, loadTokens, internal,
// stripe*, hasEverPaid, region, joinedAt …) in the body are ignored.
import { paths, redactWorkspace, validateMemberCount, workspaceSeatLimitOf, workspacesApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { callerOfBearer, requireFoundWorkspace } from '../access';

export const saveWorkspaceEndpoint = defineEndpoint(workspacesApi.saveWorkspace, async ({ params, headers, query, body }) => {
  // Owners and members, as firestore.rules' `match /users/{uid}` update lets them edit the workspace.
  const workspace = await requireFoundWorkspace(await callerOfBearer(headers), params.uid, { regionHint: query.region });
  const current = workspace.snapshot.data() ?? {};
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) update[key] = value;
  if (body.workspaceEmails) {
    const emails = [...new Set(body.workspaceEmails)];
    const before = Array.isArray(current.workspaceEmails) ? current.workspaceEmails.length : 0;
    const tooMany = validateMemberCount({ before, after: emails.length, seatLimit: workspaceSeatLimitOf(current) });
    if (tooMany) throw new HttpError(403, tooMany);
    update.workspaceEmails = emails;
  }
  const ref = databaseFor(workspace.region).doc(paths.user(workspace.uid));
  if (Object.keys(update).length > 0) await ref.set(update, { merge: true });
  const saved = (await ref.get()).data() ?? {};
  return { body: { success: true, workspace: redactWorkspace({ ...saved, uid: workspace.uid }) } };
});
