// The provider as the voice callables use it: "not set up" when the deployment has none, the workspace's own account
// when it saved its own key on Credentials (its assistants, numbers and calls are made there, and the provider bills
// it for them), and its refusals as 4xx with the provider's reason (an outage as a sentence to retry, never a 5xx).
import { createHash } from 'node:crypto';
import { credentialsApi, voiceApi, type Region } from '@parley/core';
import { VoiceProviderError, type VoiceProvider } from '../adapters/voice/port';
import { HttpError } from '../http/endpoint';
import type { VoiceDeps } from './deps';

/** What was made with the platform's key. */
export const PLATFORM_ACCOUNT = 'platform';

/** The account a key acts on, as stored beside what it made: a short hash, never the key. */
export const accountOfKey = (key: string | null): string => (key ? `own:${createHash('sha256').update(key).digest('hex').slice(0, 16)}` : PLATFORM_ACCOUNT);

export interface WorkspaceVoice {
  provider: VoiceProvider;
  account: string;
  /** On the workspace's own key: the provider bills its calls, so their minutes cost no credits. */
  own: boolean;
}

type ProviderDeps = Pick<VoiceDeps, 'provider' | 'ownVoiceKey' | 'db'>;

const M = voiceApi.VOICE_MESSAGES;

export function requireProvider(deps: Pick<VoiceDeps, 'provider'>): VoiceProvider {
  const provider = deps.provider();
  if (!provider) throw new HttpError(412, M.notConfigured);
  return provider;
}

/** The provider the workspace's requests go to: its own key when it saved one, else the platform's. */
export async function workspaceVoice(deps: ProviderDeps, region: Region, ownerID: string): Promise<WorkspaceVoice> {
  const key = deps.ownVoiceKey ? await deps.ownVoiceKey(deps.db(region), region, ownerID) : null;
  if (!key) return { provider: requireProvider(deps), account: PLATFORM_ACCOUNT, own: false };
  const provider = deps.provider(key);
  if (!provider) throw new HttpError(412, voiceApi.VOICE_MESSAGES.notConfigured);
  return { provider, account: accountOfKey(key), own: true };
}

/** The provider of what was made in `account` (a number): 412 when that was an own key the workspace no longer has. */
export async function providerOfAccount(deps: ProviderDeps, region: Region, ownerID: string, account: string): Promise<VoiceProvider> {
  if (account === PLATFORM_ACCOUNT) return requireProvider(deps);
  const current = await workspaceVoice(deps, region, ownerID);
  if (current.account !== account) throw new HttpError(412, credentialsApi.CREDENTIAL_MESSAGES.voiceKeyChanged);
  return current.provider;
}

/** The agent's assistant when it was made in `account`; null: it has none there yet. */
export function assistantIn(agent: { vapi?: { id?: unknown; account?: unknown } | undefined }, account: string): string | null {
  const id = agent.vapi?.id;
  const madeIn = typeof agent.vapi?.account === 'string' ? agent.vapi.account : PLATFORM_ACCOUNT;
  return typeof id === 'string' && id && madeIn === account ? id : null;
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
