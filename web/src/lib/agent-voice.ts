// An agent's voice settings and numbers as the server answers them (getVoiceConfig), shared by the Voice tab, the
// voice channel page and the Voice card on Channels, so all three read one cached answer.
import { queryOptions } from '@tanstack/react-query';
import { voiceApi, type CallableOutput, type Region } from '@parley/core';
import { callFunction } from './functions';

export type AgentVoice = CallableOutput<typeof voiceApi.getVoiceConfig>;

export function agentVoiceQuery(region: Region, agentId: string) {
  return queryOptions({ queryKey: ['voice', region, agentId], queryFn: () => callFunction(voiceApi.getVoiceConfig, { region, agentId }) });
}

/** The Voice card shows Active when the agent answers a number or takes calls in the browser. */
export const isVoiceChannelActive = (voice: AgentVoice | undefined): boolean => !!voice && (voice.numbers.length > 0 || voice.voiceConfig.config.enableWebCalling);
