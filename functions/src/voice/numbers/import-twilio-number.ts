// Callable importTwilioNumber: a number of the workspace's own Twilio account. The account must hold it (asked of
// Twilio with the credentials given: a wrong SID, token or number is one sentence); the credentials are kept only in
// the number's private document and handed to the provider, never returned.
import { voiceApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { HttpError } from '../../http/endpoint';
import type { VoiceDeps } from '../deps';
import { atProvider } from '../provider';
import { connectNumber, prepareConnect } from './connect';
import { VOICE_SECRETS } from '../../adapters/voice/settings';

const contract = voiceApi.importTwilioNumber;

export function importTwilioNumberHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const { provider, agent, account: providerAccount } = await prepareConnect(deps, callerOf(request, contract.signInMessage), input);
    const account = { accountSid: input.accountSid, authToken: input.authToken };
    const found = await atProvider(() => provider.findOwnNumber(account, input.number));
    if (!found) throw new HttpError(400, voiceApi.VOICE_MESSAGES.numberNotInAccount);
    const phoneNumber = await connectNumber(deps, provider, {
      region: input.region, ownerID: input.workspaceId, number: input.number, country: '', source: 'imported', twilioSid: found.twilioSid, account, agent, providerAccount,
    });
    return { phoneNumber };
  };
}

export const importTwilioNumberCallable = (deps: VoiceDeps) => defineCallable(contract, importTwilioNumberHandler(deps), { secrets: VOICE_SECRETS });
