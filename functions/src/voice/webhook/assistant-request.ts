// assistant-request: an inbound call on one of our numbers asks who answers. The number's agent answers (its assistant
// synced first if it has none) when the call is admitted — credits, the agent's monthly caps, a free line of the
// workspace (held from now until the call ends) — and the call's conversation is opened; otherwise the caller hears
// the refusal's sentence.
import { voiceApi, type Region } from '@parley/core';
import { loadStoredAgent } from '../../access';
import { syncAssistant } from '../assistant';
import { admitCall } from '../calls/admission';
import { releaseLine } from '../calls/lines';
import { openCall } from '../calls/state';
import type { VoiceDeps } from '../deps';
import { numberOfProviderId } from '../numbers/store';
import type { assistantRequestSchema } from './messages';
import type { z } from 'zod';

const M = voiceApi.VOICE_MESSAGES;

export async function answerAssistantRequest(deps: VoiceDeps, region: Region, message: z.output<typeof assistantRequestSchema>): Promise<{ assistantId: string } | { error: string }> {
  const db = deps.db(region);
  const providerNumberId = message.phoneNumber?.id ?? message.call.phoneNumberId ?? '';
  const number = providerNumberId ? await numberOfProviderId(db, providerNumberId) : null;
  const agent = number?.agentId ? await loadStoredAgent(db, number.agentId) : null;
  if (!number || !agent || agent.ownerID !== number.ownerID) return { error: M.spokenUnavailable };
  const callAgent = { ...agent, ownerID: number.ownerID };
  const assistantId = typeof agent.vapi?.id === 'string' && agent.vapi.id ? agent.vapi.id : await syncAssistant(deps, region, callAgent);
  const callId = message.call.id;
  const refusal = await admitCall(deps, region, callAgent, 'phone', callId);
  if (refusal) return { error: refusal.sentence };
  try {
    await openCall(db, {
      region, callId, agent: callAgent, channel: 'phone', holdsLine: true,
      summary: { callerNumber: message.call.customer?.number ?? message.customer?.number ?? '', agentNumber: number.number, direction: 'inbound' },
    }, deps.now());
  } catch (error) {
    await releaseLine(db, number.ownerID, callId, deps.now());
    throw error;
  }
  return { assistantId };
}
