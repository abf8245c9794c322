// What buying and importing share: the slot is checked before anything is bought, the number is connected to the
// provider (its inbound calls ask our webhook who answers), then stored with the slot checked again in the same
// transaction; when that last step refuses, the number is let go at the provider again.
import type { PhoneNumberRecord, Region } from '@parley/core';
import type { TwilioAccount, VoiceProvider } from '../../adapters/voice/port';
import { requireNumbersAccess, type Caller } from '../../access';
import type { VoiceDeps } from '../deps';
import { atProvider, workspaceVoice } from '../provider';
import { requireOwnAgent } from './access';
import { newPhoneNumberId, requireFreeSlot, storeNumber } from './number-records';

/**
 * The checks before a number is bought or imported: the caller acts for the workspace, voice is set up, the agent to
 * assign is the workspace's, and a slot is free (nothing is bought otherwise).
 */
export async function prepareConnect(deps: VoiceDeps, caller: Caller, input: { region: Region; workspaceId: string; agentId?: string | undefined }) {
  await requireNumbersAccess(caller, input.region, input.workspaceId);
  const db = deps.db(input.region);
  const voice = await workspaceVoice(deps, input.region, input.workspaceId);
  const agent = input.agentId ? await requireOwnAgent(db, input.workspaceId, input.agentId) : null;
  await requireFreeSlot(db, input.workspaceId);
  return { ...voice, agent };
}

export interface Connecting {
  region: Region;
  ownerID: string;
  number: string;
  country: string;
  source: PhoneNumberRecord['source'];
  twilioSid: string;
  /** The workspace's own account (imported numbers); null: the platform's. */
  account: TwilioAccount | null;
  agent: { ID: string; title: string } | null;
  /** The provider account the number is connected in (provider.ts). */
  providerAccount: string;
}

/** How the provider's dashboard names a number: the agent that answers it. */
export const numberLabel = (agent: { title: string } | null): string => (agent ? `Parley: ${agent.title}` : 'Parley');

/** Connects a Twilio number to the provider (its inbound calls ask our webhook who answers); answers its provider id. */
export async function importAtProvider(deps: Pick<VoiceDeps, 'apiBase' | 'webhookSecret'>, provider: VoiceProvider, input: { region: Region; number: string; account: TwilioAccount | null; agent: { title: string } | null }): Promise<string> {
  const { providerNumberId } = await provider.importNumber({
    number: input.number,
    account: input.account,
    name: numberLabel(input.agent),
    webhookUrl: `${deps.apiBase()}/v2/voice/webhook${input.region === 'na' ? '' : `?region=${input.region}`}`,
    webhookSecret: deps.webhookSecret(),
  });
  return providerNumberId;
}

export async function connectNumber(deps: VoiceDeps, provider: VoiceProvider, input: Connecting): Promise<PhoneNumberRecord> {
  const providerNumberId = await atProvider(() => importAtProvider(deps, provider, input));
  const record: PhoneNumberRecord = {
    ID: newPhoneNumberId(),
    ownerID: input.ownerID,
    number: input.number,
    source: input.source,
    agentId: input.agent?.ID ?? null,
    country: input.country,
    providerNumberId,
    twilioSid: input.twilioSid,
    providerAccount: input.providerAccount,
    createdAt: deps.now(),
  };
  try {
    await storeNumber(deps.db(input.region), record, input.account ? { twilioAccountSid: input.account.accountSid, twilioAuthToken: input.account.authToken } : undefined);
  } catch (error) {
    await provider.releaseNumber({ providerNumberId, twilioSid: input.twilioSid, bought: input.source === 'bought' }).catch(() => undefined);
    throw error;
  }
  return record;
}
