// Callable deleteTool: { region, workspaceId, toolId } → removes the tool and its secret, and takes it off every
// agent of the workspace that had it, in one batch.
import { paths, toolsApi } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { ToolsDeps } from './deps';
import { workspaceAgents, workspaceTool } from './tool-records';

const contract = toolsApi.deleteTool;

export function deleteToolHandler(deps: ToolsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const db = deps.db(input.region);
    await workspaceTool(db, input.workspaceId, input.toolId);
    const agents = await workspaceAgents(db, input.workspaceId);
    const batch = db.batch();
    batch.delete(db.doc(paths.tool(input.toolId)));
    batch.delete(db.doc(paths.toolSecrets(input.toolId)));
    for (const agent of agents.filter((a) => a.assignedToolsIds.includes(input.toolId))) {
      batch.update(db.doc(paths.agent(agent.agentId)), { assignedToolsIds: FieldValue.arrayRemove(input.toolId) });
    }
    await batch.commit();
    return { deleted: true };
  };
}

export const deleteToolCallable = (deps: ToolsDeps) => defineCallable(contract, deleteToolHandler(deps));
