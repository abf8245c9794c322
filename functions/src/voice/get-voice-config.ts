// Callable getVoiceConfig: the Voice tab's data — the agent's voice settings (defaults filled in), its assistant id
// and the numbers that ring it.
import { voiceApi, voiceConfigSchema } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { VoiceDeps } from './deps';
import { numbersOfAgent } from './numbers/number-records';
import { VOICE_SECRETS } from '../adapters/voice/settings';

const contract = voiceApi.getVoiceConfig;

export function getVoiceConfigHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const { agent, ownerID } = await requireAgentAccess(callerOf(request, contract.signInMessage), input.region, input.agentId, { page: '/voice' });
    // Only the fields the agent has: a callable's answer carries an undefined field as null, which the contract's
    // optional fields refuse.
    const stored = {
      enableVapiOnWeb: agent.enableVapiOnWeb,
      overrideWithVG: agent.overrideWithVG,
      promptOnWeb: agent.vapiConfig?.promptOnWeb,
      maxCostMonthly: agent.maxCostMonthly,
      maxMinutesMonthly: agent.maxMinutesMonthly,
      question: agent.question,
      continueBtnLabel: agent.continueBtnLabel,
      dismissBtnLabel: agent.dismissBtnLabel,
    };
    const settings = voiceApi.voiceCallSettingsSchema.parse(Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined && value !== null)));
    return {
      voiceConfig: voiceConfigSchema.parse(agent.voiceConfig ?? {}),
      settings,
      assistantId: typeof agent.vapi?.id === 'string' && agent.vapi.id ? agent.vapi.id : null,
      numbers: await numbersOfAgent(deps.db(input.region), ownerID, input.agentId),
    };
  };
}

export const getVoiceConfigCallable = (deps: VoiceDeps) => defineCallable(contract, getVoiceConfigHandler(deps), { secrets: VOICE_SECRETS });
