// Callable agentSecretStatus: { region, agentId } → { hasDialogueKey, agentSecret } for workspace members.
// The private secrets document is unreadable from the browser; the page only needs to know what is set.
import { paths, regionSchema } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { canEditAgent, loadAgent, workspaceCallerOf } from './access';

export const agentSecretStatusInput = z.object({ region: regionSchema.default('na'), agentId: z.string().min(1).max(64) });

export async function agentSecretStatusHandler(input: z.output<typeof agentSecretStatusInput>, request: Pick<CallableRequest<unknown>, 'auth'>) {
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

export const agentSecretStatus = defineCallable(agentSecretStatusInput, agentSecretStatusHandler);
