// Workspace calls (workspacesApi in @parley/core): bearer = the workspace secret or the signed-in user's ID
// token (lib/workspace-context workspaceBearer).
import { workspacesApi, type EndpointBody, type Region } from '@parley/core';
import { callApi } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import type { WorkspaceRecord } from '../../lib/workspace-data';

const target = (ws: WorkspaceRecord) => ({ params: { uid: ws.uid }, query: { region: ws.region } });

/** Fields the save endpoint accepts; everything else on the record is server-owned. */
export function editableWorkspaceFields(ws: WorkspaceRecord): EndpointBody<typeof workspacesApi.saveWorkspace> {
  return {
    workspaceName: ws.workspaceName ?? '',
    workspaceEmails: ws.workspaceEmails ?? [],
    ...(ws.workspacePhotoURL !== undefined ? { workspacePhotoURL: ws.workspacePhotoURL } : {}),
  };
}

export async function saveWorkspace(ws: WorkspaceRecord, bearer: string): Promise<void> {
  await callApi(workspacesApi.saveWorkspace, { ...target(ws), body: editableWorkspaceFields(ws), bearer });
}

/** Deletes the workspace; answers sentences naming what stays at the voice provider, for the owner to delete there. */
export async function deleteWorkspace(ws: WorkspaceRecord, bearer: string): Promise<string[]> {
  return (await callApi(workspacesApi.deleteWorkspace, { ...target(ws), bearer })).leftAtProvider;
}

export async function sendWorkspaceEmail(ws: WorkspaceRecord, bearer: string, mail: EndpointBody<typeof workspacesApi.sendWorkspaceEmail>): Promise<void> {
  await callApi(workspacesApi.sendWorkspaceEmail, { ...target(ws), body: mail, bearer });
}

export function createTeamWorkspace(region: Region, workspaceName: string) {
  return callFunction(workspacesApi.createWorkspace, { region, workspaceName, team: true });
}
