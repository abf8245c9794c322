// Callable saveVoiceKey: the owner's own Vapi private key. It is tried at Vapi first (a key Vapi refuses is a 400 at
// the field, an outage a 4xx to retry), then kept in the private secrets document and answered as its last 4
// characters only. An empty key removes it: the workspace is back on the platform's key.
import { credentialsApi, paths } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { VoiceProviderError, type VoiceProvider } from '../adapters/voice/port';
import { VOICE_SECRETS } from '../adapters/voice/settings';
import { defineCallable } from '../callable/define-callable';
import type { OwnVoiceKeys } from './own-voice-key';
import { VOICE_KEY_FIELD, type CredentialsDeps } from './secret-records';

const contract = credentialsApi.saveVoiceKey;
const M = credentialsApi.CREDENTIAL_MESSAGES;

export interface VoiceKeyDeps extends CredentialsDeps {
  /** The voice provider acting with `ownKey` (the platform's without it). */
  voiceProvider: (ownKey?: string) => VoiceProvider | null;
  ownVoiceKey: OwnVoiceKeys;
}

async function checkAtProvider(deps: VoiceKeyDeps, apiKey: string): Promise<void> {
  const provider = deps.voiceProvider(apiKey);
  if (!provider) throw new HttpsError('failed-precondition', M.voiceUnavailable);
  try {
    await provider.checkKey();
  } catch (error) {
    if (!(error instanceof VoiceProviderError)) throw error;
    if (error.refused) throw new HttpsError('invalid-argument', `Invalid input — apiKey: ${M.voiceKeyRefused}`);
    console.warn('[credentials] checking a voice key: the provider could not be reached', error.status);
    throw new HttpsError('failed-precondition', M.voiceUnavailable);
  }
}

export function saveVoiceKeyHandler(deps: VoiceKeyDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId, { ownerOnly: true });
    const ref = deps.db(input.region).doc(paths.userSecrets(input.workspaceId));
    if (input.apiKey) await checkAtProvider(deps, input.apiKey);
    await ref.set({ [VOICE_KEY_FIELD]: input.apiKey || FieldValue.delete() }, { merge: true });
    deps.ownVoiceKey.forget(input.region, input.workspaceId);
    return { apiKey: input.apiKey ? { last4: credentialsApi.lastFour(input.apiKey) } : null };
  };
}

export const saveVoiceKeyCallable = (deps: VoiceKeyDeps) => defineCallable(contract, saveVoiceKeyHandler(deps), { secrets: VOICE_SECRETS });
