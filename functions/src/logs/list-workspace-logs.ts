// Callable listWorkspaceLogs: { region, workspaceId, type?, agentId?, channel?, before?, limit } → the newest entries,
// for the workspace's owner and members (a client never: the logs name every agent of the workspace).
import { logsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { newestPage } from './filter-keys';
import { LOG_FILTER_FIELDS, WORKSPACE_LOGS, type LogsDeps } from './log-entries';

const contract = logsApi.listWorkspaceLogs;

export function listWorkspaceLogsHandler(deps: Pick<LogsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const page = await newestPage(deps.db(input.region), input.workspaceId, WORKSPACE_LOGS, LOG_FILTER_FIELDS, input);
    return { logs: page.docs.map((doc) => logsApi.workspaceLogSchema.parse({ id: doc.id, ...doc.data() })), more: page.more };
  };
}

export const listWorkspaceLogsCallable = (deps: Pick<LogsDeps, 'db'>) => defineCallable(contract, listWorkspaceLogsHandler(deps));
