// Callable setAgentTools: { region, agentId, toolIds } → the agent's assignedToolsIds. Every id must be a tool of
// the agent's workspace in the agent's region: an id from elsewhere vouches for nothing.
import { paths, toolsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentToolsEditor } from '../access';
import { HttpError } from '../adapters/input-errors';
import { defineCallable } from '../callable/define-callable';
import type { ToolsDeps } from './deps';
import { workspaceTools } from './tool-records';

const contract = toolsApi.setAgentTools;

export function setAgentToolsHandler(deps: ToolsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const access = await requireAgentToolsEditor(callerOf(request, contract.signInMessage), input.region, input.agentId);
    const db = deps.db(input.region);
    const known = new Set((await workspaceTools(db, access.ownerID)).map((t) => t.id));
    const ids = [...new Set(input.toolIds)];
    if (ids.some((id) => !known.has(id))) throw new HttpError(404, toolsApi.TOOL_INPUT_MESSAGES.notFound);
    await db.doc(paths.agent(input.agentId)).update({ assignedToolsIds: ids, lastModified: Math.floor(deps.now() / 1000) });
    return { assignedToolsIds: ids };
  };
}

export const setAgentToolsCallable = (deps: ToolsDeps) => defineCallable(contract, setAgentToolsHandler(deps));
