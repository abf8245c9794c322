// First sign-in: the createWorkspace callable, then the new-user event.
import { eventsApi, workspacesApi, type CallableOutput, type Region } from '@parley/core';
import { callApi } from '../../lib/api';
import { readAttribution } from '../../lib/attribution';
import { callFunction } from '../../lib/functions';

export async function createWorkspace(region: Region, workspaceName: string): Promise<CallableOutput<typeof workspacesApi.createWorkspace>> {
  const result = await callFunction(workspacesApi.createWorkspace, { region, workspaceName });
  if (result.created) {
    // Losing the event must not block the user: it is recorded server-side best-effort.
    await callApi(eventsApi.recordNewUser, {
      body: { userData: { ...result.workspace, region: result.region }, ...readAttribution() },
    }).catch(() => undefined);
  }
  return result;
}
