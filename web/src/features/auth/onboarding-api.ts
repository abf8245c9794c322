// First sign-in: the createWorkspace callable, then the new-user event.
import { apiFetch } from '../../lib/api';
import { readAttribution } from '../../lib/attribution';
import { callFunction } from '../../lib/functions';
import type { Region } from '../../lib/region';

export interface CreateWorkspaceResult {
  created: boolean;
  region: Region;
  workspace: { uid: string; workspaceName: string; email?: string; displayName?: string; joinedAt?: number; region: Region };
}

export async function createWorkspace(region: Region, workspaceName: string): Promise<CreateWorkspaceResult> {
  const result = await callFunction<{ region: Region; workspaceName: string }, CreateWorkspaceResult>('createWorkspace', { region, workspaceName });
  if (result.created) {
    // Losing the event must not block the user: it is recorded server-side best-effort.
    await apiFetch('/events/new-user', {
      body: { userData: { ...result.workspace, region: result.region }, ...readAttribution() },
    }).catch(() => undefined);
  }
  return result;
}
