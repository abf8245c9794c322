// Callable getCredentials: what the Credentials page lists. The owner sees each secret as its last 4 characters;
// a member sees the list without any; a client is refused (requireWorkspaceAccess).
import { credentialsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, readAgentSecretKey, requireWorkspaceAccess, seesWorkspaceSecrets } from '../access';
import { defineCallable } from '../callable/define-callable';
import { workspaceAgentList, workspaceSecrets, type CredentialsDeps } from './secret-records';

const contract = credentialsApi.getCredentials;
const masked = (secret: string) => (secret ? { last4: credentialsApi.lastFour(secret) } : null);

export function getCredentialsHandler(deps: CredentialsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const access = await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const db = deps.db(input.region);
    const agents = await workspaceAgentList(db, input.workspaceId);
    if (!seesWorkspaceSecrets(access)) {
      return { role: 'member', workspaceSecret: null, signingSecret: null, agents: agents.map((a) => ({ ...a, secretKey: null })), provider: { baseUrl: '', apiKey: null }, voice: { apiKey: null } };
    }
    const secrets = await workspaceSecrets(db, input.workspaceId);
    const keys = await Promise.all(agents.map((a) => readAgentSecretKey(db, a.agentId)));
    return {
      role: 'owner',
      workspaceSecret: masked(secrets.workspaceSecret),
      signingSecret: masked(secrets.signingSecret),
      agents: agents.map((a, i) => ({ ...a, secretKey: masked(keys[i] ?? '') })),
      provider: { baseUrl: secrets.baseUrl, apiKey: masked(secrets.apiKey) },
      voice: { apiKey: masked(secrets.voiceKey) },
    };
  };
}

export const getCredentialsCallable = (deps: CredentialsDeps) => defineCallable(contract, getCredentialsHandler(deps));
