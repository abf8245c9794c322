// Callable assignPhoneNumber: which agent of the workspace answers the number's inbound calls (null: none; a call
// is then refused with a sentence). The provider's dashboard is told the agent's name.
import { voiceApi, voicePaths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import type { VoiceDeps } from '../deps';
import { atProvider, providerOfAccount } from '../provider';
import { requireNumber, requireOwnAgent } from './access';
import { numberLabel } from './connect';
import { onLiveNumber } from './reconnect';
import { VOICE_SECRETS } from '../../adapters/voice/settings';

const contract = voiceApi.assignPhoneNumber;

export function assignPhoneNumberHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const db = deps.db(input.region);
    const number = await requireNumber(callerOf(request, contract.signInMessage), input.region, db, input.phoneNumberId);
    const agent = input.agentId ? await requireOwnAgent(db, number.ownerID, input.agentId) : null;
    const provider = await providerOfAccount(deps, input.region, number.ownerID, number.providerAccount);
    // A number the provider lost is connected again, already under this agent's name (its new id is stored).
    const { providerNumberId } = await atProvider(() => onLiveNumber(deps, input.region, { ...number, agentId: agent?.ID ?? null }, provider, async (id) => {
      await provider.assignNumber(id, numberLabel(agent));
      return { providerNumberId: id };
    }));
    await db.doc(voicePaths.phoneNumber(number.ID)).update({ agentId: agent?.ID ?? null });
    return { phoneNumber: { ...number, providerNumberId, agentId: agent?.ID ?? null } };
  };
}

export const assignPhoneNumberCallable = (deps: VoiceDeps) => defineCallable(contract, assignPhoneNumberHandler(deps), { secrets: VOICE_SECRETS });
