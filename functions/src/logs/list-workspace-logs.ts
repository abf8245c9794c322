// Callable listWorkspaceLogs: { region, workspaceId, type?, agentId?, channel?, before?, limit } → the newest entries,
// for the workspace's owner and members (a client never: the logs name every agent of the workspace).
import { logsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { workspaceLogsPath, type LogsDeps } from './store';

const contract = logsApi.listWorkspaceLogs;

export function listWorkspaceLogsHandler(deps: Pick<LogsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    let query = deps.db(input.region).collection(workspaceLogsPath(input.workspaceId)).orderBy('createdAt', 'desc');
    if (input.type) query = query.where('type', '==', input.type);
    if (input.agentId) query = query.where('agentId', '==', input.agentId);
    if (input.channel) query = query.where('channel', '==', input.channel);
    if (input.before !== undefined) query = query.where('createdAt', '<', input.before);
    const snap = await query.limit(input.limit + 1).get();
    const logs = snap.docs.slice(0, input.limit).map((doc) => logsApi.workspaceLogSchema.parse({ id: doc.id, ...doc.data() }));
    return { logs, more: snap.docs.length > input.limit };
  };
}

export const listWorkspaceLogsCallable = (deps: Pick<LogsDeps, 'db'>) => defineCallable(contract, listWorkspaceLogsHandler(deps));
