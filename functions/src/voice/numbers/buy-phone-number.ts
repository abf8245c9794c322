// Callable buyPhoneNumber: a number bought on the platform's Twilio account for the workspace, within its slots
// (twilioPhoneNumberSlots: refused with how to get more), connected to the provider, optionally assigned to an agent.
import { credentialsApi, voiceApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { HttpError } from '../../http/endpoint';
import type { VoiceDeps } from '../deps';
import { atProvider } from '../provider';
import { connectNumber, prepareConnect } from './connect';
import { VOICE_SECRETS } from '../../adapters/voice/settings';

const contract = voiceApi.buyPhoneNumber;

export function buyPhoneNumberHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const { provider, agent, account, own } = await prepareConnect(deps, callerOf(request, contract.signInMessage), input);
    // A bought number lives on the platform's Twilio account, whose token must not go to a workspace's own account.
    if (own) throw new HttpError(412, credentialsApi.CREDENTIAL_MESSAGES.ownVoiceKeyBuy);
    const { twilioSid } = await atProvider(() => provider.buyNumber(input.number));
    const phoneNumber = await connectNumber(deps, provider, {
      region: input.region, ownerID: input.workspaceId, number: input.number, country: input.country ?? '', source: 'bought', twilioSid, account: null, agent, providerAccount: account,
    });
    return { phoneNumber };
  };
}

export const buyPhoneNumberCallable = (deps: VoiceDeps) => defineCallable(contract, buyPhoneNumberHandler(deps), { secrets: VOICE_SECRETS });
