// Callable agentSecretStatus: { region, agentId } → { hasDialogueKey, agentSecret } for workspace members.
// The private secrets document is unreadable from the browser; the page only needs to know what is set.
import { agentsApi, paths } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { canEditAgent, loadAgent, workspaceCallerOf } from './access';

const contract = agentsApi.agentSecretStatus;

export async function agentSecretStatusHandler(
  input: z.output<typeof contract.input>,
  request: Pick<CallableRequest<unknown>, 'auth'>,
): Promise<z.input<typeof contract.output>> {
  const caller = workspaceCallerOf(request);
  const db = databaseFor(input.region);
  const agent = await loadAgent(db, input.agentId);
  if (!agent || !(await canEditAgent(db, agent, caller))) throw new HttpsError('permission-denied', 'This widget does not exist.');
  const secrets = (await db.doc(paths.agentSecrets(input.agentId)).get()).data() ?? {};
  return {
    hasDialogueKey: typeof secrets.VF_DIALOGUE_API_KEY === 'string' && secrets.VF_DIALOGUE_API_KEY !== '',
    agentSecret: typeof secrets.SECRET_API_KEY === 'string' ? secrets.SECRET_API_KEY : null,
  };
}

export const agentSecretStatus = defineCallable(contract, agentSecretStatusHandler);
