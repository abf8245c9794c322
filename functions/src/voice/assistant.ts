// The agent's assistant at the voice provider, kept in step with its voice settings: Parley is its model (the agent's
// custom-LLM endpoint, authenticated by a per-agent secret kept in voiceglow/{id}/private/voice), the provider brings
// the voice and the transcriber, and sends the call's events to our webhook. Only this module writes the agent's
// `vapi.id` (and `vapi.account`: the provider account it was made in, the platform's or the workspace's own).
import { randomBytes } from 'node:crypto';
import { voicePaths, paths, type Region, type VoiceConfig, voiceConfigSchema } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { AssistantSpec } from '../adapters/voice/port';
import type { StoredAgent } from '../access';
import { warmAgentKey, warmAt, type VoiceDeps } from './deps';
import { assistantIn, atProvider, workspaceVoice, type WorkspaceVoice } from './provider';

/** The longest call (seconds): the provider ends it there; a call still open after it is read back. */
export const MAX_CALL_SECONDS = 1800;

const BUILT_IN_SOUNDS = ['off', 'office'];

/** The agent's custom-LLM secret, made on first use. */
export async function llmSecretOf(db: Firestore, agentId: string): Promise<string> {
  const ref = db.doc(voicePaths.agentVoiceSecret(agentId));
  const stored = (await ref.get()).get('llmSecret');
  if (typeof stored === 'string' && stored) return stored;
  const secret = `vs_${randomBytes(24).toString('base64url')}`;
  await ref.set({ llmSecret: secret }, { merge: true });
  return secret;
}

/** The agent's custom-LLM secret as stored (null: none yet), kept by a warm instance (it is made once, never changed). */
export function storedLlmSecret(deps: Pick<VoiceDeps, 'db' | 'warm' | 'now' | 'engine'>, region: Region, agentId: string): Promise<string | null> {
  return deps.warm.get(`${region}/secret/${agentId}`, warmAt(deps), async () => {
    const stored = (await deps.db(region).doc(voicePaths.agentVoiceSecret(agentId)).get()).get('llmSecret');
    return typeof stored === 'string' && stored ? stored : null;
  });
}

const firstMessageOf = (agent: StoredAgent): string => {
  if (agent.smartInit) return '';
  const first = agent.vg_initMessages?.[0];
  return (typeof first === 'string' ? first : (first?.content ?? '')).slice(0, 1000);
};

/** What syncing an assistant needs (the seed of the local stack syncs the demo agent's with no more). */
export type AssistantDeps = Pick<VoiceDeps, 'db' | 'provider' | 'ownVoiceKey' | 'apiBase' | 'webhookSecret' | 'providerFailed'>;

export function assistantSpec(deps: Pick<VoiceDeps, 'apiBase' | 'webhookSecret'>, region: Region, agent: StoredAgent, voice: VoiceConfig, llmSecret: string): AssistantSpec {
  const base = deps.apiBase();
  return {
    name: agent.title || agent.ID,
    firstMessage: firstMessageOf(agent),
    llmUrl: `${base}/v2/voice/${region}/agents/${encodeURIComponent(agent.ID)}/llm`,
    llmSecret,
    voice: { provider: voice.speechGen.provider, voiceId: voice.speechGen.voiceId },
    // The utterance threshold is how long (ms) a pause must last before the caller's turn ends: the transcriber's endpointing.
    transcriber: { provider: voice.transcriber.provider, model: voice.transcriber.modelId, language: voice.transcriber.language, endpointingMs: voice.transcriber.utteranceThreshold },
    // The provider plays 'office' itself; another ambience (restaurant …) is a sound file of ours.
    backgroundSound: BUILT_IN_SOUNDS.includes(voice.config.backgroundNoise) ? voice.config.backgroundNoise : `${base}/voice/sounds/${encodeURIComponent(voice.config.backgroundNoise)}.mp3`,
    recordAudio: voice.config.recordAudio,
    maxDurationSeconds: MAX_CALL_SECONDS,
    webhookUrl: `${base}/v2/voice/webhook${region === 'na' ? '' : `?region=${region}`}`,
    webhookSecret: deps.webhookSecret(),
    metadata: { parleyAgentId: agent.ID, parleyRegion: region },
  };
}

/**
 * The field of the agent's voice secret document (voiceglow/{id}/private/voice) naming its workspace beside its
 * assistant (`assistant`: id and account): that document outlives a deletion of the agent's document, so what the
 * provider holds for a deleted agent is found there (deleted-agents.ts).
 */
export const ASSISTANT_OWNER_FIELD = 'assistantOwnerID';

/** Creates or updates the agent's assistant with `voice` and records its id on the agent; answers the id. */
export async function syncAssistant(deps: AssistantDeps, region: Region, agent: StoredAgent, voice: VoiceConfig = voiceConfigSchema.parse(agent.voiceConfig ?? {})): Promise<string> {
  // In the workspace's current account: an assistant made with another key is not there, so a new one is made.
  const ownerID = String(agent.ownerID ?? '');
  const { provider, account } = await workspaceVoice(deps, region, ownerID);
  const db = deps.db(region);
  const spec = assistantSpec(deps, region, agent, voice, await llmSecretOf(db, agent.ID));
  const existing = assistantIn(agent, account);
  const { id } = await atProvider(() => provider.upsertAssistant(existing, spec), (e) => deps.providerFailed?.(db, agent, e.message));
  const batch = db.batch();
  if (id !== existing) batch.set(db.doc(paths.agent(agent.ID)), { vapi: { id, account } }, { merge: true });
  batch.set(db.doc(voicePaths.agentVoiceSecret(agent.ID)), { assistant: { id, account }, [ASSISTANT_OWNER_FIELD]: ownerID }, { merge: true });
  await batch.commit();
  return id;
}

/**
 * Makes the agent's assistant again and stores its id: the provider no longer knows the one stored (deleted in its
 * dashboard; locally, the stand-in restarted). The agent kept by this instance is forgotten, so the next call reads the
 * new id.
 */
export async function remakeAssistant(deps: AssistantDeps & Pick<VoiceDeps, 'warm'>, region: Region, agent: StoredAgent): Promise<string> {
  const id = await syncAssistant(deps, region, { ...agent, vapi: {} });
  deps.warm.forget(warmAgentKey(region, agent.ID));
  return id;
}

/** How long a warm instance trusts that the provider still holds an assistant it has seen there. */
export const ASSISTANT_SEEN_MS = 10 * 60_000;

/**
 * The id of an assistant the provider holds for the agent, for a call the provider routes by it (an inbound call's
 * answer names it, and a call with an id the provider lost fails): none stored, or one the provider no longer knows,
 * is made (again). The provider is asked once per instance and ASSISTANT_SEEN_MS; when it cannot answer, the stored
 * id is used (the call then fares as the provider does).
 */
export async function liveAssistant(deps: AssistantDeps & Pick<VoiceDeps, 'warm' | 'now'>, region: Region, agent: StoredAgent, voice: WorkspaceVoice): Promise<string> {
  // In the workspace's current account (`voice`, already read by the caller): one made with another key is not there,
  // so it is made as if none were stored.
  const { provider, account } = voice;
  const stored = assistantIn(agent, account);
  if (!stored) {
    const id = await syncAssistant(deps, region, agent);
    deps.warm.forget(warmAgentKey(region, agent.ID));
    return id;
  }
  const held = await deps.warm
    .get(`${region}/assistant/${account}/${stored}`, { now: deps.now(), ttlMs: ASSISTANT_SEEN_MS }, async () => ((await provider.hasAssistant(stored)) ? true : null))
    .catch(() => true);
  return held ? stored : remakeAssistant(deps, region, agent);
}
