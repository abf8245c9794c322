// First sign-in: the createWorkspace callable, then the new-user event (the signed-in user's own, proved by its
// ID token; the server takes the user from the token, never from the body).
import { eventsApi, workspacesApi, type CallableOutput, type Region } from '@parley/core';
import { callApi } from '../../lib/api';
import { readAttribution } from '../../lib/attribution';
import { callFunction } from '../../lib/functions';

async function idToken(): Promise<string | null> {
  const { firebaseAuth } = await import('../../lib/firebase');
  return (await firebaseAuth().currentUser?.getIdToken()) ?? null;
}

export async function createWorkspace(region: Region, workspaceName: string): Promise<CallableOutput<typeof workspacesApi.createWorkspace>> {
  const result = await callFunction(workspacesApi.createWorkspace, { region, workspaceName });
  if (result.created) {
    // Losing the event must not block the user: it is recorded server-side best-effort.
    await idToken()
      .then((bearer) => callApi(eventsApi.recordNewUser, { bearer, body: { userData: { region: result.region }, ...readAttribution() } }))
      .catch(() => undefined);
  }
  return result;
}
