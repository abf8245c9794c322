// Callable agentSecretStatus: { region, agentId } → { hasDialogueKey, agentSecret } for workspace members.
// The private secrets document is unreadable from the browser; the page only needs to know what is set.
import { agentsApi, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';

const contract = agentsApi.agentSecretStatus;

export async function agentSecretStatusHandler(
  input: z.output<typeof contract.input>,
  request: Pick<CallableRequest<unknown>, 'auth'>,
): Promise<z.input<typeof contract.output>> {
  // Members of the agent's workspace only: secrets are nothing a client's page shows.
  const { db } = await requireAgentAccess(callerOf(request), input.region, input.agentId);
  const secrets = (await db.doc(paths.agentSecrets(input.agentId)).get()).data() ?? {};
  return {
    hasDialogueKey: typeof secrets.VF_DIALOGUE_API_KEY === 'string' && secrets.VF_DIALOGUE_API_KEY !== '',
    agentSecret: typeof secrets.SECRET_API_KEY === 'string' ? secrets.SECRET_API_KEY : null,
  };
}

export const agentSecretStatus = defineCallable(contract, agentSecretStatusHandler);
