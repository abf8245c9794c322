// assistant-request: an inbound call on one of our numbers asks who answers. The number's agent answers (its assistant
// synced first if it has none) when the call is admitted — credits, the agent's monthly caps, a free line of the
// workspace (held from now until the call ends) — and the call's conversation is opened; otherwise the caller hears
// the refusal's sentence. Everything the answer reads is read before it writes, at once: the number and its agent
// (kept briefly by a warm instance, deps.warm), then the payer's balance and the agent's month beside the agent.
import { voiceApi, type Region } from '@parley/core';
import type { z } from 'zod';
import { loadStoredAgent, type StoredAgent } from '../../access';
import { syncAssistant } from '../assistant';
import { admitCall, readAdmission, type AdmissionReads } from '../calls/admission';
import { releaseLine } from '../calls/lines';
import { openCall } from '../calls/state';
import { warmAt, type VoiceDeps } from '../deps';
import { numberOfProviderId } from '../numbers/store';
import type { assistantRequestSchema } from './messages';

const M = voiceApi.VOICE_MESSAGES;

type AssistantRequest = z.output<typeof assistantRequestSchema>;

/** Who answers the call: the number, its agent (of the number's workspace) and admission's reads; null: nobody. */
export interface CallRoute {
  number: { number: string; ownerID: string };
  agent: StoredAgent & { ownerID: string };
  reads: Promise<AdmissionReads>;
}

const agentKey = (region: Region, agentId: string) => `${region}/agent/${agentId}`;

/** Reads who answers the call (nothing is written). */
export async function routeCall(deps: VoiceDeps, region: Region, message: AssistantRequest): Promise<CallRoute | null> {
  const db = deps.db(region);
  const providerNumberId = message.phoneNumber?.id ?? message.call.phoneNumberId ?? '';
  if (!providerNumberId) return null;
  const number = await deps.warm.get(`${region}/number/${providerNumberId}`, warmAt(deps), () => numberOfProviderId(db, providerNumberId));
  if (!number?.agentId) return null;
  const agentId = number.agentId;
  const reads = readAdmission(deps, region, { ID: agentId, ownerID: number.ownerID });
  reads.catch(() => undefined);
  const agent = await deps.warm.get(agentKey(region, agentId), warmAt(deps), () => loadStoredAgent(db, agentId));
  if (!agent || agent.ownerID !== number.ownerID) return null;
  return { number, agent: { ...agent, ownerID: number.ownerID }, reads };
}

export async function answerAssistantRequest(deps: VoiceDeps, region: Region, message: AssistantRequest, route: CallRoute | null): Promise<{ assistantId: string } | { error: string }> {
  if (!route) return { error: M.spokenUnavailable };
  const db = deps.db(region);
  const { number, agent } = route;
  let assistantId = typeof agent.vapi?.id === 'string' && agent.vapi.id ? agent.vapi.id : null;
  if (!assistantId) {
    assistantId = await syncAssistant(deps, region, agent);
    // The agent kept by this instance has no assistant yet: the next call reads the one just made.
    deps.warm.forget(agentKey(region, agent.ID));
  }
  const callId = message.call.id;
  const refusal = await admitCall(deps, region, agent, 'phone', callId, route.reads);
  if (refusal) return { error: refusal.sentence };
  try {
    await openCall(db, {
      region, callId, agent, channel: 'phone', holdsLine: true,
      summary: { callerNumber: message.call.customer?.number ?? message.customer?.number ?? '', agentNumber: number.number, direction: 'inbound' },
    }, deps.now());
  } catch (error) {
    await releaseLine(db, number.ownerID, callId, deps.now());
    throw error;
  }
  return { assistantId };
}
