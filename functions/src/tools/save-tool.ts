// Callable saveTool: { region, workspaceId, toolId?, tool, serverUrlSecret?, clearSecret } → the saved tool.
// The name is checked unique in the workspace in the same transaction that writes, so two saves at once cannot
// both take it. The secret goes to tools/{toolId}/private/secrets only; the tool document says whether there is one.
import { paths, toolsApi, type StoredTool } from '@parley/core';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { HttpError } from '../adapters/input-errors';
import { defineCallable } from '../callable/define-callable';
import type { ToolsDeps } from './deps';
import { checkServerUrl } from './server-url';
import { toolView, workspaceAgents } from './tool-records';

const contract = toolsApi.saveTool;
type Input = z.output<typeof contract.input>;

/** The fields as stored: no undefined values (Firestore refuses them), empty optional texts left out. */
function storedFields(fields: Input['tool']['fields']): StoredTool['fields'] {
  return fields.map((f) => ({
    in: f.in,
    key: f.key,
    type: f.type,
    description: f.description,
    required: f.required,
    ...(f.value !== undefined ? { value: f.value } : {}),
    ...(f.defaultValue ? { defaultValue: f.defaultValue } : {}),
  }));
}

export function saveToolHandler(deps: ToolsDeps) {
  return async (input: Input, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const caller = callerOf(request, contract.signInMessage);
    await requireWorkspaceAccess(caller, input.region, input.workspaceId);
    await checkServerUrl(input.tool.serverUrl, deps.call);
    const db = deps.db(input.region);
    const ref = input.toolId ? db.doc(paths.tool(input.toolId)) : db.collection(paths.tools()).doc();
    const now = deps.now();
    const tool = await db.runTransaction(async (tx) => {
      const [sameName, existing] = await Promise.all([
        tx.get(db.collection(paths.tools()).where('userId', '==', input.workspaceId).where('name', '==', input.tool.name)),
        input.toolId ? tx.get(ref) : Promise.resolve<DocumentSnapshot | null>(null),
      ]);
      if (existing && (!existing.exists || existing.get('userId') !== input.workspaceId)) throw new HttpError(404, toolsApi.TOOL_INPUT_MESSAGES.notFound);
      if (sameName.docs.some((doc) => doc.id !== ref.id)) throw new HttpError(409, toolsApi.TOOL_INPUT_MESSAGES.nameTaken);
      const hadSecret = existing?.get('hasSecret') === true;
      const stored: StoredTool = {
        id: ref.id,
        name: input.tool.name,
        description: input.tool.description,
        ...(input.tool.imageUrl ? { imageUrl: input.tool.imageUrl } : {}),
        serverUrl: input.tool.serverUrl,
        method: input.tool.method,
        fields: storedFields(input.tool.fields),
        userId: input.workspaceId,
        hasSecret: input.serverUrlSecret ? true : input.clearSecret ? false : hadSecret,
        createdAt: typeof existing?.get('createdAt') === 'number' ? (existing.get('createdAt') as number) : now,
        updatedAt: now,
      };
      tx.set(ref, stored);
      if (input.serverUrlSecret) tx.set(db.doc(paths.toolSecrets(ref.id)), { serverUrlSecret: input.serverUrlSecret, updatedAt: FieldValue.serverTimestamp() });
      else if (input.clearSecret) tx.delete(db.doc(paths.toolSecrets(ref.id)));
      return stored;
    });
    return { tool: toolView(tool, await workspaceAgents(db, input.workspaceId)) };
  };
}

export const saveToolCallable = (deps: ToolsDeps) => defineCallable(contract, saveToolHandler(deps));
