// Voice agents: an agent's voice settings and its assistant at the voice provider, the workspace's phone numbers,
// test and web calls, and what the provider calls — the agent's custom LLM (answered by the conversation engine) and
// the webhook (calls admitted against credits, monthly caps and concurrent lines; minutes billed once). Every call is
// a conversation (channel phone or webcall). The composition hands over the provider and the engine.
import type { Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { AppCheckVerifier } from '../adapters/app-check';
import type { VoiceProvider } from '../adapters/voice/port';
import { voiceApiBase, voiceWebhookSecret, VOICE_SECRETS } from '../adapters/voice/settings';
import type { RuntimeDeps } from '../conversations';
import type { CreditsPort } from '../credits';
import type { Endpoint } from '../http/endpoint';
import { emitCallEnded, type EventsDeps } from '../events';
import { logAgentFailure, platformLogs } from '../logs';
import type { VoiceDeps } from './deps';
import { getVoiceConfigCallable } from './get-voice-config';
import { voiceLlmEndpoint } from './llm-endpoint';
import { assignPhoneNumberCallable } from './numbers/assign-phone-number';
import { buyPhoneNumberCallable } from './numbers/buy-phone-number';
import { importTwilioNumberCallable } from './numbers/import-twilio-number';
import { listPhoneNumbersCallable } from './numbers/list-phone-numbers';
import { releasePhoneNumberCallable } from './numbers/release-phone-number';
import { searchPhoneNumbersCallable } from './numbers/search-phone-numbers';
import { saveVoiceConfigCallable } from './save-voice-config';
import { startTestCallCallable } from './start-test-call';
import { startVisitorWebCallEndpoint } from './start-visitor-web-call';
import { startWebCallCallable } from './start-web-call';
import { warmCache } from '../adapters/warm-cache';
import { voiceWebhookEndpoint } from './webhook/endpoint';
import { deletedAgentsVoiceJob } from './deleted-agents';
import { releaseWorkspaceVoice, type DeletedAgent } from './teardown';

export type { VoiceDeps } from './deps';
export { forgetAgentVoice, releaseWorkspaceVoice as releaseWorkspaceVoiceWith, type DeletedAgent } from './teardown';
export { sweepDeletedAgents } from './deleted-agents';
export { VOICE_SECRETS };

/** What the composition holds that voice needs (read at each request: tests may swap the engine or the provider). */
export interface VoiceHost {
  db: (region: Region) => Firestore;
  credits: CreditsPort;
  engine: RuntimeDeps;
  voiceProvider: (ownKey?: string) => VoiceProvider | null;
  /** The workspace's own voice provider key (credentials feature). */
  ownVoiceKey?: VoiceDeps['ownVoiceKey'];
  appCheck: AppCheckVerifier;
  /** Where call.ended goes out. */
  events: EventsDeps;
}

export const voiceDepsOf = (app: VoiceHost): VoiceDeps => ({
  db: (region) => app.db(region),
  provider: (ownKey) => app.voiceProvider(ownKey),
  ...(app.ownVoiceKey ? { ownVoiceKey: app.ownVoiceKey } : {}),
  engine: () => app.engine,
  credits: app.credits,
  now: Date.now,
  apiBase: voiceApiBase,
  webhookSecret: voiceWebhookSecret,
  appCheck: (token) => app.appCheck(token),
  providerFailed: (db, agent, message) =>
    void logAgentFailure(platformLogs(), db, { agentId: agent.ID, ownerID: String(agent.ownerID ?? ''), channel: 'phone', content: `Voice provider error: ${message}` }),
  callEnded: async (call) => {
    await Promise.all([
      emitCallEnded(app.events, call),
      app.engine.notify({ kind: 'ended', region: call.region, agentId: call.agentId, conversationId: call.conversationId, workspaceId: call.workspaceId, endedAt: call.endedAt }),
    ]);
  },
  warm: warmCache(),
});

export function voiceCallables(app: VoiceHost) {
  const deps = voiceDepsOf(app);
  return {
    saveVoiceConfig: saveVoiceConfigCallable(deps),
    getVoiceConfig: getVoiceConfigCallable(deps),
    listPhoneNumbers: listPhoneNumbersCallable(deps),
    searchPhoneNumbers: searchPhoneNumbersCallable(deps),
    buyPhoneNumber: buyPhoneNumberCallable(deps),
    importTwilioNumber: importTwilioNumberCallable(deps),
    assignPhoneNumber: assignPhoneNumberCallable(deps),
    releasePhoneNumber: releasePhoneNumberCallable(deps),
    startTestCall: startTestCallCallable(deps),
    startWebCall: startWebCallCallable(deps),
  };
}

export function voiceEndpoints(app: VoiceHost): Endpoint[] {
  const deps = voiceDepsOf(app);
  return [voiceLlmEndpoint(deps), voiceWebhookEndpoint(deps), startVisitorWebCallEndpoint(deps)];
}

/** The scheduled run that lets go of what the provider holds for agents deleted without the functions. */
export const deletedAgentsVoiceSweep = (app: VoiceHost) => deletedAgentsVoiceJob(voiceDepsOf(app));

/** A workspace's deletion lets go of its numbers and its agents' assistants at the provider first (never throws). */
export const workspaceVoiceRelease = (app: VoiceHost) => {
  const deps = voiceDepsOf(app);
  return (region: Region, ownerID: string, agents: DeletedAgent[]) => releaseWorkspaceVoice(deps, region, ownerID, agents);
};
