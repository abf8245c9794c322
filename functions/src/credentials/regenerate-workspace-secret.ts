// Callable regenerateWorkspaceSecret: the owner replaces the workspace secret. Every bearer check reads the stored
// secret at each call (access/secrets.ts), so the old one is refused from the next request on.
import { credentialsApi, newWorkspaceSecret, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { CredentialsDeps } from './secret-records';

const contract = credentialsApi.regenerateWorkspaceSecret;

export function regenerateWorkspaceSecretHandler(deps: CredentialsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId, { ownerOnly: true });
    const workspaceSecret = newWorkspaceSecret();
    await deps.db(input.region).doc(paths.userSecrets(input.workspaceId)).set({ workspaceSecret }, { merge: true });
    return { workspaceSecret };
  };
}

export const regenerateWorkspaceSecretCallable = (deps: CredentialsDeps) => defineCallable(contract, regenerateWorkspaceSecretHandler(deps));
