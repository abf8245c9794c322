// Callable startTestCall ("Call me" on the Voice tab's testCall): the agent calls the number given from its first
// number, as any call (admitted, billed, in Chats).
import { voiceApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { placeCall } from './calls/place-call';
import type { VoiceDeps } from './deps';
import { onLiveNumber } from './numbers/reconnect';
import { numbersOfAgent } from './numbers/number-records';
import { providerOfAccount } from './provider';
import { VOICE_SECRETS } from '../adapters/voice/settings';

const contract = voiceApi.startTestCall;

export function startTestCallHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const { agent, ownerID, db } = await requireAgentAccess(callerOf(request, contract.signInMessage), input.region, input.agentId, { page: '/voice' });
    const [from] = await numbersOfAgent(db, ownerID, input.agentId);
    if (!from) throw new HttpError(412, voiceApi.VOICE_MESSAGES.noNumberForTestCall);
    // The call is placed in the workspace's current account: a number connected with a key it replaced is not there.
    await providerOfAccount(deps, input.region, ownerID, from.providerAccount);
    const placed = await placeCall(deps, {
      region: input.region,
      agent,
      channel: 'phone',
      summary: { callerNumber: input.phoneNumber, agentNumber: from.number, direction: 'outbound' },
      // A number the provider lost is connected again and the call placed from it once more.
      create: (provider, assistantId, metadata) =>
        onLiveNumber(deps, input.region, from, provider, (providerNumberId) => provider.createOutboundCall({ assistantId, providerNumberId, customerNumber: input.phoneNumber, metadata })),
    });
    return { callId: placed.callId, conversationId: placed.conversationId };
  };
}

export const startTestCallCallable = (deps: VoiceDeps) => defineCallable(contract, startTestCallHandler(deps), { secrets: VOICE_SECRETS });
