// What "Call me" and the browser call share: the agent's assistant (synced first when it has none, made again when
// the provider no longer knows it), the call admitted like any other (credits, monthly caps, a free line — held under
// a provisional key until the provider names the call), created at the provider, then its conversation opened. A
// refusal is the dashboard's sentence (402).
import { randomBytes } from 'node:crypto';
import { voiceApi, type CallSummary, type Region, type VoiceCallChannel } from '@parley/core';
import { AssistantMissingError, type VoiceProvider } from '../../adapters/voice/port';
import type { StoredAgent } from '../../access';
import { HttpError } from '../../http/endpoint';
import { remakeAssistant, syncAssistant } from '../assistant';
import type { VoiceDeps } from '../deps';
import { assistantIn, atProvider, workspaceVoice } from '../provider';
import { admitCall } from './admission';
import { moveLine, releaseLine } from './lines';
import { openCall, rememberCall } from './state';

export interface Placing<T extends { callId: string }> {
  region: Region;
  agent: StoredAgent;
  channel: VoiceCallChannel;
  summary: Omit<CallSummary, 'callId'>;
  /** Creates the call at the provider (the workspace's: its own key or the platform's) with the agent's assistant (the provider's own errors: placeCall answers them). */
  create: (provider: VoiceProvider, assistantId: string, metadata: Record<string, string>) => Promise<T>;
}

export async function placeCall<T extends { callId: string }>(deps: VoiceDeps, input: Placing<T>): Promise<T & { conversationId: string }> {
  const db = deps.db(input.region);
  const agent = { ...input.agent, ownerID: String(input.agent.ownerID ?? '') };
  const voice = await workspaceVoice(deps, input.region, agent.ownerID);
  const assistantId = assistantIn(agent, voice.account) ?? (await syncAssistant(deps, input.region, agent));
  const provisional = `pending_${randomBytes(9).toString('base64url')}`;
  const refusal = await admitCall(deps, input.region, agent, input.channel, provisional);
  if (refusal) throw new HttpError(402, voiceApi.VOICE_MESSAGES.refusedNotification(refusal.detail));
  const metadata = { parleyAgentId: agent.ID, parleyRegion: input.region };
  const report = (e: { message: string }) => deps.providerFailed?.(db, agent, e.message);
  let created: T;
  try {
    created = await atProvider(async () => {
      try {
        return await input.create(voice.provider, assistantId, metadata);
      } catch (error) {
        if (!(error instanceof AssistantMissingError)) throw error;
        // Made again in the workspace's current account (syncAssistant asks workspaceVoice), its id stored with it.
        return input.create(voice.provider, await remakeAssistant(deps, input.region, agent), metadata);
      }
    }, report);
  } catch (error) {
    await releaseLine(db, agent.ownerID, provisional, deps.now());
    throw error;
  }
  await moveLine(db, agent.ownerID, provisional, created.callId, deps.now());
  const state = await openCall(db, { region: input.region, callId: created.callId, agent, channel: input.channel, holdsLine: true, ownKey: voice.own, summary: input.summary }, deps.now());
  rememberCall(deps, state);
  return { ...created, conversationId: state.conversationId };
}

/** A browser call with the agent (the dashboard's test and the widget's call button): the client joins webCallUrl. */
export function placeWebCall(deps: VoiceDeps, region: Region, agent: StoredAgent) {
  return placeCall(deps, {
    region,
    agent,
    channel: 'webcall',
    summary: { callerNumber: '', agentNumber: '', direction: 'web' },
    create: (provider, assistantId, metadata) => provider.createWebCall({ assistantId, metadata }),
  });
}
