// saveAgentBackup callable: stores the agent as a Version History entry (voiceglow/{id}/backups), 20 kept.
import { AGENT_SECRET_FIELDS, agentsApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { writeAgentBackup } from '../agents/backups';
import { defineCallable } from '../callable/define-callable';
import { loadAgentForMember } from './agent-access';

const contract = agentsApi.saveAgentBackup;
export const saveAgentBackupInput = contract.input;

export async function saveAgentBackupHandler(input: z.output<typeof saveAgentBackupInput>, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const { db, agent, ownerID, uid } = await loadAgentForMember(request, input.region, input.agentId);
  if (ownerID !== input.workspaceId) throw new HttpsError('permission-denied', 'This agent belongs to another workspace.');
  const publicAgent = { ...agent };
  for (const key of AGENT_SECRET_FIELDS) delete publicAgent[key];
  const backupId = await writeAgentBackup(db, input.agentId, { agent: publicAgent, ts: Date.now(), savedBy: uid });
  return { backupId };
}

export const saveAgentBackup = defineCallable(contract, saveAgentBackupHandler);
