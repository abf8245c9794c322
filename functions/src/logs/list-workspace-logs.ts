// Callable listWorkspaceLogs: { region, workspaceId, type?, agentId?, channel?, before?, limit } → the newest entries,
// for the workspace's owner and members (a client never: the logs name every agent of the workspace).
import { logsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { filterKeyFor } from './filter-keys';
import { LOG_FILTER_FIELDS, workspaceLogsPath, type LogsDeps } from './store';

const contract = logsApi.listWorkspaceLogs;

export function listWorkspaceLogsHandler(deps: Pick<LogsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const snap = await deps.db(input.region).collection(workspaceLogsPath(input.workspaceId))
      .where('filters', 'array-contains', filterKeyFor(LOG_FILTER_FIELDS, input))
      .where('createdAt', '<', input.before ?? Number.MAX_SAFE_INTEGER)
      .orderBy('createdAt', 'desc')
      .limit(input.limit + 1)
      .get();
    const logs = snap.docs.slice(0, input.limit).map((doc) => logsApi.workspaceLogSchema.parse({ id: doc.id, ...doc.data() }));
    return { logs, more: snap.docs.length > input.limit };
  };
}

export const listWorkspaceLogsCallable = (deps: Pick<LogsDeps, 'db'>) => defineCallable(contract, listWorkspaceLogsHandler(deps));
