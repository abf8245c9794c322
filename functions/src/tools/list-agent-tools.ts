// Callable listAgentTools: { region, agentId } → the agent's assigned tool ids and the tools it may be given.
// Members see the workspace's tools; agency clients allowed the agent's Tools page, or its Canvas (where a step picks
// its tools), see only what the agent has.
import { toolsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, editsAgentTools, requireAgentPageAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { assignedIdsOf } from './assigned';
import type { ToolsDeps } from './deps';
import { workspaceTools } from './tool-records';

const contract = toolsApi.listAgentTools;

export function listAgentToolsHandler(deps: ToolsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const access = await requireAgentPageAccess(callerOf(request, contract.signInMessage), input.region, input.agentId, ['/tools', '/prompt']);
    const tools = await workspaceTools(deps.db(input.region), access.ownerID);
    const assigned = assignedIdsOf(access.agent).filter((id) => tools.some((t) => t.id === id));
    const canEdit = editsAgentTools(access);
    return { assignedToolsIds: assigned, tools: canEdit ? tools : tools.filter((t) => assigned.includes(t.id)), canEdit };
  };
}

export const listAgentToolsCallable = (deps: ToolsDeps) => defineCallable(contract, listAgentToolsHandler(deps));
