// Callable startWebCall: a browser call with the agent from the dashboard (the testCall tab), as any call.
import { voiceApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { placeWebCall } from './calls/place-call';
import type { VoiceDeps } from './deps';
import { VOICE_SECRETS } from '../adapters/voice/settings';

const contract = voiceApi.startWebCall;

export function startWebCallHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const { agent } = await requireAgentAccess(callerOf(request, contract.signInMessage), input.region, input.agentId, { page: '/voice' });
    const placed = await placeWebCall(deps, input.region, agent);
    return { callId: placed.callId, conversationId: placed.conversationId, webCallUrl: placed.webCallUrl };
  };
}

export const startWebCallCallable = (deps: VoiceDeps) => defineCallable(contract, startWebCallHandler(deps), { secrets: VOICE_SECRETS });
