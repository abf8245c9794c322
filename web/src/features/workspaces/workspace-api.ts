// Workspace requests (agency-shell-auth.md §7 "Shell and workspace"): bearer = the workspace secret or the
// signed-in user's ID token (lib/workspace-context workspaceBearer).
import { apiFetch } from '../../lib/api';
import type { WorkspaceRecord } from '../../lib/workspace-data';

/** Fields the save endpoint accepts; everything else on the record is server-owned. */
export function editableWorkspaceFields(ws: WorkspaceRecord) {
  return {
    workspaceName: ws.workspaceName ?? '',
    workspaceEmails: ws.workspaceEmails ?? [],
    ...(ws.workspacePhotoURL !== undefined ? { workspacePhotoURL: ws.workspacePhotoURL } : {}),
  };
}

export async function saveWorkspace(ws: WorkspaceRecord, bearer: string): Promise<void> {
  await apiFetch(`/v2/workspaces/${encodeURIComponent(ws.uid)}?region=${ws.region}`, { bearer, body: editableWorkspaceFields(ws) });
}

export async function deleteWorkspace(ws: WorkspaceRecord, bearer: string): Promise<void> {
  await apiFetch(`/v2/workspaces/${encodeURIComponent(ws.uid)}?region=${ws.region}`, { method: 'DELETE', bearer, body: {} });
}

export async function sendWorkspaceEmail(ws: WorkspaceRecord, bearer: string, mail: { subject: string; html: string; to: string }): Promise<void> {
  await apiFetch(`/v2/workspaces/${encodeURIComponent(ws.uid)}/email?region=${ws.region}`, { bearer, body: mail });
}

export async function createTeamWorkspace(region: WorkspaceRecord['region'], workspaceName: string) {
  const { callFunction } = await import('../../lib/functions');
  return callFunction<{ region: string; workspaceName: string; team: boolean }, { workspace: { uid: string } }>('createWorkspace', {
    region,
    workspaceName,
    team: true,
  });
}
