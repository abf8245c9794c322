// Callable saveProviderKey: the owner's own OpenAI-compatible provider. The base URL is checked as the safe fetch
// checks it (resolved, every address public) before it is kept; the key goes to the private secrets document and
// is answered as its last 4 characters only. Empty values remove the provider.
import { credentialsApi, paths } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { checkUrlResolved, SafeFetchError } from '../safe-fetch';
import { PROVIDER_FIELDS, workspaceSecrets, type CredentialsDeps } from './secret-records';

const contract = credentialsApi.saveProviderKey;

export function saveProviderKeyHandler(deps: CredentialsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId, { ownerOnly: true });
    const db = deps.db(input.region);
    const ref = db.doc(paths.userSecrets(input.workspaceId));
    if (!input.baseUrl) {
      await ref.set({ [PROVIDER_FIELDS.baseUrl]: FieldValue.delete(), [PROVIDER_FIELDS.apiKey]: FieldValue.delete() }, { merge: true });
      return { baseUrl: '', apiKey: null };
    }
    try {
      await checkUrlResolved(input.baseUrl, { ports: 'any' });
    } catch (error) {
      if (error instanceof SafeFetchError) throw new HttpsError('invalid-argument', `Invalid input — baseUrl: ${error.message}`);
      throw error;
    }
    const current = await workspaceSecrets(db, input.workspaceId);
    // A key left empty keeps the stored one (the page never has it to send back).
    const apiKey = input.apiKey || current.apiKey;
    if (!apiKey) throw new HttpsError('invalid-argument', `Invalid input — apiKey: ${credentialsApi.CREDENTIAL_MESSAGES.apiKey}`);
    await ref.set({ [PROVIDER_FIELDS.baseUrl]: input.baseUrl, [PROVIDER_FIELDS.apiKey]: apiKey }, { merge: true });
    return { baseUrl: input.baseUrl, apiKey: { last4: credentialsApi.lastFour(apiKey) } };
  };
}

export const saveProviderKeyCallable = (deps: CredentialsDeps) => defineCallable(contract, saveProviderKeyHandler(deps));
