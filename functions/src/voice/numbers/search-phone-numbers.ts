// Callable searchPhoneNumbers: numbers for sale on the platform's Twilio account, by country and area code.
import { voiceApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireNumbersAccess } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import type { VoiceDeps } from '../deps';
import { atProvider, requireProvider } from '../provider';
import { VOICE_SECRETS } from '../../adapters/voice/settings';

const contract = voiceApi.searchPhoneNumbers;

export function searchPhoneNumbersHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireNumbersAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const provider = requireProvider(deps);
    return { numbers: await atProvider(() => provider.searchNumbers({ country: input.country, ...(input.areaCode ? { areaCode: input.areaCode } : {}) })) };
  };
}

export const searchPhoneNumbersCallable = (deps: VoiceDeps) => defineCallable(contract, searchPhoneNumbersHandler(deps), { secrets: VOICE_SECRETS });
