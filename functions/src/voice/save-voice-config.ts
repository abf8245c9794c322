// Callable saveVoiceConfig: the Voice tab's save. The settings are checked by the contract, the assistant is synced
// first (a provider's refusal leaves the agent as it was and answers its reason), then the agent is written.
import { paths, voiceApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { syncAssistant } from './assistant';
import type { VoiceDeps } from './deps';
import { VOICE_SECRETS } from '../adapters/voice/settings';

const contract = voiceApi.saveVoiceConfig;

export function saveVoiceConfigHandler(deps: VoiceDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    const access = await requireAgentAccess(callerOf(request, contract.signInMessage), input.region, input.agentId, { page: '/voice' });
    const { promptOnWeb, ...settings } = input.settings;
    const agent = { ...access.agent, ...settings, voiceConfig: input.voiceConfig };
    const assistantId = await syncAssistant(deps, input.region, agent, input.voiceConfig);
    await access.db.doc(paths.agent(input.agentId)).set(
      { ...settings, voiceConfig: input.voiceConfig, ...(promptOnWeb !== undefined ? { vapiConfig: { promptOnWeb } } : {}), lastModified: Math.floor(deps.now() / 1000) },
      { merge: true },
    );
    return { assistantId };
  };
}

export const saveVoiceConfigCallable = (deps: VoiceDeps) => defineCallable(contract, saveVoiceConfigHandler(deps), { secrets: VOICE_SECRETS });
