// Who may upload where (the uploadFile callable): the caller uploads as itself; into an agent it may act on (the
// agent's rule, ./agent.ts), counted against that agent's workspace; without an agent, a workspace user into its own
// workspace, and an agency client only its feedback attachments (temporary, directly under feedback/), counted
// against its agency owner's workspace.
import { REGIONS, type Region, type uploadsApi } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import type { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { HttpError } from '../http/endpoint';
import { loadStoredAgent, NO_AGENT_ACCESS, requireAgentAccess, UNKNOWN_AGENT } from './agent';
import type { TokenCaller } from './caller';
import type { ClientCaller } from './orgs';
import { findWorkspace, WORKSPACE_NOT_FOUND } from './workspace';

type UploadTarget = Pick<z.output<typeof uploadsApi.uploadFile.input>, 'region' | 'agentId' | 'userId' | 'targetPath' | 'temporary'>;

export const UPLOAD_AS_YOURSELF = 'You can only upload files as yourself.';

/** The one folder a client may upload into: its feedback attachments, sent to the agency as links. */
export const FEEDBACK_UPLOAD_DIR = 'feedback';

/** A temporary file directly under feedback/ — the only upload a client may make. */
export function isFeedbackUpload(input: Pick<UploadTarget, 'targetPath' | 'temporary'>): boolean {
  const parts = input.targetPath.split('/').filter((p) => p !== '' && p !== '.');
  return input.temporary && parts.length === 2 && parts[0] === FEEDBACK_UPLOAD_DIR && parts[1] !== '..' && !/[\\\0]/.test(parts[1]!);
}

/** A client's region and its agency owner's uid (the owner of the client's org), or null when unknown (clients' clientUploadOwner). */
export type ClientUploadOwnerLookup = (clientId: string, regionHint?: Region) => Promise<{ region: Region; ownerUid: string } | null>;

/** A client's feedback attachment counts against its agency owner's workspace; any other client upload is refused. */
async function clientFeedbackWorkspace(caller: ClientCaller, input: UploadTarget, clientOwner: ClientUploadOwnerLookup): Promise<{ region: Region; workspaceId: string }> {
  if (!isFeedbackUpload(input)) throw new HttpError(403, NO_AGENT_ACCESS);
  const owner = await clientOwner(caller.clientId, input.region);
  if (!owner) throw new HttpError(403, NO_AGENT_ACCESS);
  return { region: owner.region, workspaceId: owner.ownerUid };
}

/**
 * The workspace an upload counts against, in its region, once the caller may make it: the agent's (the caller must
 * be let in by the agent's rule; the agent is looked up in `region` first, then in the other region), the caller's
 * own workspace, or for a client its feedback attachments' agency owner's (`clientOwner` finds it). permission-denied
 * when the caller uploads as someone else, 404 for an unknown agent or workspace, 403 otherwise.
 */
export async function requireUploadWorkspace(caller: TokenCaller, input: UploadTarget, clientOwner: ClientUploadOwnerLookup): Promise<{ region: Region; workspaceId: string }> {
  if (input.userId !== caller.uid) throw new HttpsError('permission-denied', UPLOAD_AS_YOURSELF);
  if (input.agentId) {
    const order: readonly Region[] = input.region ? [input.region, ...REGIONS.filter((r) => r !== input.region)] : REGIONS;
    for (const region of order) {
      const agent = await loadStoredAgent(databaseFor(region), input.agentId);
      if (!agent) continue;
      const access = await requireAgentAccess(caller, region, input.agentId, { agent });
      return { region, workspaceId: access.ownerID };
    }
    throw new HttpError(404, UNKNOWN_AGENT);
  }
  if (caller.kind === 'client') return clientFeedbackWorkspace(caller, input, clientOwner);
  const own = await findWorkspace(caller.uid, input.region);
  if (!own) throw new HttpError(404, WORKSPACE_NOT_FOUND);
  return { region: own.region, workspaceId: own.uid };
}
