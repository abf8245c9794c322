// Callable guard: the caller must own the agent or belong to its owner's workspace.
import type { Region } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { databaseFor } from '../adapters/firestore';
import { canEditAgent, loadAgent, workspaceCallerOf } from '../agents/access';

export const WIDGET_MISSING = 'This widget does not exist.';

export async function requireAgentEditor(request: Pick<CallableRequest<unknown>, 'auth'>, region: Region, agentId: string): Promise<string> {
  const caller = workspaceCallerOf(request);
  const agent = await loadAgent(databaseFor(region), agentId);
  if (!agent || !(await canEditAgent(databaseFor(region), agent, caller))) throw new HttpsError('permission-denied', WIDGET_MISSING);
  return caller.uid;
}
