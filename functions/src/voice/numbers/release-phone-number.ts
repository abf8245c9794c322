// Callable releasePhoneNumber: the number leaves the provider (and, bought, the platform's Twilio account), then its
// documents go and its slot is free again.
import { voiceApi, voicePaths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import type { VoiceDeps } from '../deps';
import { atProvider, providerOfAccount } from '../provider';
import { requireNumber } from './access';
import { VOICE_SECRETS } from '../../adapters/voice/settings';

const contract = voiceApi.releasePhoneNumber;

export function releasePhoneNumberHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const db = deps.db(input.region);
    const number = await requireNumber(callerOf(request, contract.signInMessage), input.region, db, input.phoneNumberId);
    const provider = await providerOfAccount(deps, input.region, number.ownerID, number.providerAccount);
    await atProvider(() => provider.releaseNumber({ providerNumberId: number.providerNumberId, twilioSid: number.twilioSid, bought: number.source === 'bought' }));
    const batch = db.batch();
    batch.delete(db.doc(voicePaths.phoneNumberSecrets(number.ID)));
    batch.delete(db.doc(voicePaths.phoneNumber(number.ID)));
    await batch.commit();
    return { released: true };
  };
}

export const releasePhoneNumberCallable = (deps: VoiceDeps) => defineCallable(contract, releasePhoneNumberHandler(deps), { secrets: VOICE_SECRETS });
