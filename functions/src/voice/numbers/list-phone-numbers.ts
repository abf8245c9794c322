// Callable listPhoneNumbers: the workspace's numbers (/app/{region}/twilio-numbers) and its slots.
import { voiceApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireNumbersAccess } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import type { VoiceDeps } from '../deps';
import { numbersOfWorkspace, slotsOf } from './number-records';
import { VOICE_SECRETS } from '../../adapters/voice/settings';

const contract = voiceApi.listPhoneNumbers;

export function listPhoneNumbersHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireNumbersAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const db = deps.db(input.region);
    const [numbers, slots] = await Promise.all([numbersOfWorkspace(db, input.workspaceId), slotsOf(db, input.workspaceId)]);
    return { numbers, slots };
  };
}

export const listPhoneNumbersCallable = (deps: VoiceDeps) => defineCallable(contract, listPhoneNumbersHandler(deps), { secrets: VOICE_SECRETS });
