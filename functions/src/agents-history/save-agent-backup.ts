// saveAgentBackup callable: stores the agent as a Version History entry (voiceglow/{id}/backups), 20 kept.
import { AGENT_SECRET_FIELDS, agentsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, requireAgentInWorkspace } from '../access';
import { writeAgentBackup } from '../agents';
import { defineCallable } from '../callable/define-callable';

const contract = agentsApi.saveAgentBackup;
export const saveAgentBackupInput = contract.input;

export async function saveAgentBackupHandler(input: z.output<typeof saveAgentBackupInput>, request: Pick<CallableRequest<unknown>, 'auth'>) {
  // Version History is members' only (firestore.rules: `match /backups/{backupId}` reads need isAgentMember()).
  const { db, agent, actor } = requireAgentInWorkspace(await requireAgentAccess(callerOf(request), input.region, input.agentId), input.workspaceId);
  const publicAgent: Record<string, unknown> = { ...agent };
  for (const key of AGENT_SECRET_FIELDS) delete publicAgent[key];
  const backupId = await writeAgentBackup(db, input.agentId, { agent: publicAgent, ts: Date.now(), savedBy: actor });
  return { backupId };
}

export const saveAgentBackup = defineCallable(contract, saveAgentBackupHandler);
