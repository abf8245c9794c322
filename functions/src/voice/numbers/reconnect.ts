// A number the provider no longer knows (deleted in its dashboard; locally, a stand-in restarted) is connected again
// from what we hold — the platform's Twilio account for a bought number, the workspace's own Twilio credentials (the
// number's private document) for an imported one — and its new provider id stored; the request that found it missing
// is tried once more with that id. When that cannot be done, a 412 sentence says what to do.
import { voiceApi, voicePaths, type PhoneNumberRecord, type Region } from '@parley/core';
import { NumberMissingError, VoiceProviderError, type TwilioAccount, type VoiceProvider } from '../../adapters/voice/port';
import { loadStoredAgent } from '../../access';
import { HttpError } from '../../http/endpoint';
import type { VoiceDeps } from '../deps';
import { importAtProvider } from './connect';

const M = voiceApi.VOICE_MESSAGES;

/** The Twilio account the number lives in: null for the platform's (bought); an imported one's from its private document. */
async function twilioAccountOf(deps: Pick<VoiceDeps, 'db'>, region: Region, number: PhoneNumberRecord): Promise<TwilioAccount | null> {
  if (number.source === 'bought') return null;
  const secrets = (await deps.db(region).doc(voicePaths.phoneNumberSecrets(number.ID)).get()).data();
  const accountSid = secrets?.twilioAccountSid;
  const authToken = secrets?.twilioAuthToken;
  if (typeof accountSid !== 'string' || !accountSid || typeof authToken !== 'string' || !authToken) throw new HttpError(412, M.numberLostNoCredentials);
  return { accountSid, authToken };
}

/** Connects the number to `provider` again (under its agent's name) and stores its new provider id; answers that id. */
export async function reconnectNumber(deps: Pick<VoiceDeps, 'db' | 'apiBase' | 'webhookSecret'>, region: Region, number: PhoneNumberRecord, provider: VoiceProvider): Promise<string> {
  const db = deps.db(region);
  const [account, agent] = await Promise.all([twilioAccountOf(deps, region, number), number.agentId ? loadStoredAgent(db, number.agentId) : null]);
  let providerNumberId: string;
  try {
    providerNumberId = await importAtProvider(deps, provider, { region, number: number.number, account, agent: agent ? { title: agent.title || agent.ID } : null });
  } catch (error) {
    // Refused (Twilio no longer holds it, the credentials changed …): the user's to settle. An outage stays retryable.
    if (error instanceof VoiceProviderError && error.refused) throw new HttpError(412, M.numberLost(error.message));
    throw error;
  }
  await db.doc(voicePaths.phoneNumber(number.ID)).update({ providerNumberId });
  console.info('[voice] number connected again at the provider:', number.ID, providerNumberId);
  return providerNumberId;
}

/**
 * Runs `work` with the number's provider id; when the provider no longer knows the number, it is connected again and
 * `work` runs once more with the new id.
 */
export async function onLiveNumber<T>(deps: VoiceDeps, region: Region, number: PhoneNumberRecord, provider: VoiceProvider, work: (providerNumberId: string) => Promise<T>): Promise<T> {
  try {
    return await work(number.providerNumberId);
  } catch (error) {
    if (!(error instanceof NumberMissingError)) throw error;
  }
  return work(await reconnectNumber(deps, region, number, provider));
}
