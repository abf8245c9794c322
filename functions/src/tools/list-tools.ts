// Callable listTools: { region, workspaceId } → the workspace's tools in the region, each with the agents using it.
import { toolsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { ToolsDeps } from './deps';
import { toolView, workspaceAgents, workspaceTools } from './tool-records';

const contract = toolsApi.listTools;

export function listToolsHandler(deps: ToolsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const db = deps.db(input.region);
    const [tools, agents] = await Promise.all([workspaceTools(db, input.workspaceId), workspaceAgents(db, input.workspaceId)]);
    return { tools: tools.map((tool) => toolView(tool, agents)) };
  };
}

export const listToolsCallable = (deps: ToolsDeps) => defineCallable(contract, listToolsHandler(deps));
