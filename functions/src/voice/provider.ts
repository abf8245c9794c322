// The provider as the voice callables use it: "not set up" when the deployment has none, and its refusals as 4xx
// with the provider's reason (an outage as a sentence to retry, never a 5xx).
import { voiceApi } from '@parley/core';
import { VoiceProviderError, type VoiceProvider } from '../adapters/voice/port';
import { HttpError } from '../http/endpoint';
import type { VoiceDeps } from './deps';

const M = voiceApi.VOICE_MESSAGES;

export function requireProvider(deps: Pick<VoiceDeps, 'provider'>): VoiceProvider {
  const provider = deps.provider();
  if (!provider) throw new HttpError(412, M.notConfigured);
  return provider;
}

/** Runs a provider call; a refusal is 412 with its reason, an outage 424 "could not be reached" (`report` hears both). */
export async function atProvider<T>(work: () => Promise<T>, report?: (error: VoiceProviderError) => void): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof VoiceProviderError)) throw error;
    console.warn('[voice] provider:', error.status, error.message);
    report?.(error);
    throw new HttpError(error.refused ? 412 : 424, error.refused ? M.providerRefused(error.message) : M.providerUnavailable);
  }
}
