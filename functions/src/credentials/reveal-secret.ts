// Callable revealSecret: the owner copies one secret (the workspace's, the events signing secret, or an agent's key
// of this workspace). Never the provider key: that one is the owner's own and was shown when they typed it.
import { credentialsApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, readAgentSecretKey, requireAgentAccess, requireAgentInWorkspace, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { ensureSigningSecret } from '../events';
import { workspaceSecrets, type CredentialsDeps } from './secret-records';

const contract = credentialsApi.revealSecret;

export function revealSecretHandler(deps: CredentialsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const caller = callerOf(request, contract.signInMessage);
    await requireWorkspaceAccess(caller, input.region, input.workspaceId, { ownerOnly: true });
    const db = deps.db(input.region);
    if (input.kind === 'signing') return { secret: await ensureSigningSecret(db, input.workspaceId) };
    if (input.kind === 'workspace') {
      const { workspaceSecret } = await workspaceSecrets(db, input.workspaceId);
      if (!workspaceSecret) throw new HttpsError('not-found', 'This workspace has no secret yet: regenerate it.');
      return { secret: workspaceSecret };
    }
    if (!input.agentId) throw new HttpsError('invalid-argument', 'Invalid input — agentId: Choose an agent.');
    requireAgentInWorkspace(await requireAgentAccess(caller, input.region, input.agentId), input.workspaceId, 'This agent is not in this workspace.');
    const key = await readAgentSecretKey(db, input.agentId);
    if (!key) throw new HttpsError('not-found', 'This agent has no secret key.');
    return { secret: key };
  };
}

export const revealSecretCallable = (deps: CredentialsDeps) => defineCallable(contract, revealSecretHandler(deps));
