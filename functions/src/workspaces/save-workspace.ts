// POST /v2/workspaces/{uid}: saves the workspace's editable fields (bearer workspace secret).
// Only the fields below can change; server-owned fields (workspaceSecret, loadTokens, internal,
// stripe*, hasEverPaid, region, joinedAt …) in the body are ignored.
import { paths, redactWorkspace } from '@parley/core';
import { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { requireWorkspaceBearer } from './access';
import { NOT_ENOUGH_SEATS, workspaceSeatLimit } from './seats';

export const saveWorkspaceInput = z.object({
  workspaceName: z.string().trim().min(1, 'Please enter a workspace name.').max(60).optional(),
  workspaceEmails: z
    .array(z.email('Please enter a valid email').transform((e) => e.trim().toLowerCase()))
    .max(200)
    .optional(),
  workspacePhotoURL: z.string().max(2048).optional(),
  displayName: z.string().max(120).optional(),
  photoURL: z.string().max(2048).optional(),
  location: z.string().max(200).optional(),
  doubleAccountWarningHidden: z.boolean().optional(),
});

export const saveWorkspaceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v2/workspaces/:uid',
  input: saveWorkspaceInput,
  handler: async ({ params, headers, query, input }) => {
    const workspace = await requireWorkspaceBearer(headers, params.uid ?? '', query.get('region'));
    const current = workspace.snapshot.data() ?? {};
    const update: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) if (value !== undefined) update[key] = value;
    if (input.workspaceEmails) {
      const emails = [...new Set(input.workspaceEmails)];
      const before = Array.isArray(current.workspaceEmails) ? current.workspaceEmails.length : 0;
      // Growing past the seat limit is refused; removing members is always allowed.
      if (emails.length > before && emails.length > workspaceSeatLimit(current)) throw new HttpError(403, NOT_ENOUGH_SEATS);
      update.workspaceEmails = emails;
    }
    const ref = databaseFor(workspace.region).doc(paths.user(workspace.uid));
    if (Object.keys(update).length > 0) await ref.set(update, { merge: true });
    const saved = (await ref.get()).data() ?? {};
    return { body: { success: true, workspace: redactWorkspace({ ...saved, uid: workspace.uid }) } };
  },
});
