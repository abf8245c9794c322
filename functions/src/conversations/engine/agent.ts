// The agent as the runtime sees it: the stored document read tolerantly (legacy documents lack fields),
// over which a test-debugger draft (core's conversationsApi.draftOverridesSchema) may apply.
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  DEFAULT_MESSAGES_LIMIT, MESSAGE_DELAY_MS_DEFAULT, VG_MAX_CHUNK_SIZE_DEFAULT, VG_MAX_TOKENS_CAP, VG_MAX_TOKENS_DEFAULT, VG_TEMPERATURE_DEFAULT,
  isCatalogueModel, paths,
} from '@parley/core';
import { parseStored } from '../../adapters/stored-data';

const initMessage = z.union([z.string(), z.object({ role: z.string().optional(), content: z.string() }).loose()]);

/** Fields the runtime reads, each tolerant of missing or odd values. */
export const runtimeAgentSchema = z
  .object({
    ID: z.string().optional(),
    title: z.string().catch('').default(''),
    ownerID: z.string().catch('').default(''),
    agentPlatform: z.enum(['vg', 'vf']).catch('vg').default('vg'),
    messageDelayMS: z.number().nonnegative().catch(MESSAGE_DELAY_MS_DEFAULT).default(MESSAGE_DELAY_MS_DEFAULT),
    maxTokensUsage: z.number().catch(0).default(0),
    /** Visitor messages per conversation; unset (or not a count) = DEFAULT_MESSAGES_LIMIT, 0 = no cap. */
    messagesLimit: z.number().int().nonnegative().catch(DEFAULT_MESSAGES_LIMIT).default(DEFAULT_MESSAGES_LIMIT),
    /** Websites the widget may run on (core's originAllowed); empty = any. */
    allowedDomains: z.array(z.unknown()).catch([]).default([]).transform((list) => list.filter((e): e is string => typeof e === 'string')),
    recordChatHistory: z.boolean().optional().catch(undefined),
    smartInit: z.boolean().catch(false).default(false),
    listenForUrlChanges: z.boolean().catch(false).default(false),
    enableGeoAnalytics: z.boolean().catch(false).default(false),
    lang: z.string().catch('automatic').default('automatic'),
    /** Only a catalogue model is used; anything else stored (legacy data) answers with the deployment's default. */
    vg_defaultModel: z.string().optional().catch(undefined).transform((m) => (isCatalogueModel(m) ? m : undefined)),
    vg_temperature: z.number().min(0).max(2).catch(VG_TEMPERATURE_DEFAULT).default(VG_TEMPERATURE_DEFAULT),
    vg_maxTokens: z.number().int().positive().catch(VG_MAX_TOKENS_DEFAULT).default(VG_MAX_TOKENS_DEFAULT).transform((n) => Math.min(n, VG_MAX_TOKENS_CAP)),
    vgOptions: z
      .object({ maxChunkSize: z.number().int().positive().catch(VG_MAX_CHUNK_SIZE_DEFAULT).default(VG_MAX_CHUNK_SIZE_DEFAULT) })
      .loose()
      .catch({ maxChunkSize: VG_MAX_CHUNK_SIZE_DEFAULT })
      .default({ maxChunkSize: VG_MAX_CHUNK_SIZE_DEFAULT }),
    vg_systemPrompt: z.string().optional().catch(undefined),
    vg_initPrompt: z.string().optional().catch(undefined),
    vg_initMessages: z.array(initMessage).optional().catch(undefined),
    topChunks: z.number().int().positive().max(20).optional().catch(undefined),
    kb_llm: z.object({ searchMethod: z.enum(['smart', 'simple']).catch('smart').default('smart') }).loose().optional().catch(undefined),
    /** The workspace tools offered to the model (the tools feature checks each is the workspace's own). */
    assignedToolsIds: z.array(z.unknown()).catch([]).default([]).transform((list) => list.filter((e): e is string => typeof e === 'string' && e.length > 0)),
    /** With nodes enabled, tools are chosen per step of the flow, not from assignedToolsIds. */
    enableNodes: z.boolean().catch(false).default(false),
    /** The flow, checked by core's runnableFlow before it runs (a flow that fails the publish checks never runs). */
    nodes: z.unknown().optional(),
  })
  .loose();
export type RuntimeAgent = z.infer<typeof runtimeAgentSchema> & { ID: string };

export const DEFAULT_TOP_CHUNKS = 3;

export async function loadAgent(db: Firestore, agentId: string): Promise<RuntimeAgent | null> {
  const snap = await db.doc(paths.agent(agentId)).get();
  if (!snap.exists) return null;
  return { ...parseStored(runtimeAgentSchema, snap), ID: agentId };
}

interface CachedAgent {
  at: number;
  agent: RuntimeAgent;
}
const agentCache = new Map<string, CachedAgent>();
const AGENT_CACHE_MAX = 500;

/**
 * The agent's settings, reused by a warm instance for `ttlMs` (0: always read): saves a Firestore round trip on
 * every widget request; an owner's edit takes effect within that time. Nothing about credits or limits is kept.
 */
export async function loadAgentCached(db: Firestore, region: string, agentId: string, now: number, ttlMs: number): Promise<RuntimeAgent | null> {
  const key = `${region}/${agentId}`;
  const hit = cachedAgent(region, agentId, now, ttlMs);
  if (hit) return hit;
  const agent = await loadAgent(db, agentId);
  if (agent && ttlMs > 0) {
    agentCache.delete(key);
    if (agentCache.size >= AGENT_CACHE_MAX) agentCache.delete(agentCache.keys().next().value!);
    agentCache.set(key, { at: now, agent });
  }
  return agent;
}

/** The agent's settings when this instance read them less than `ttlMs` ago (no read): what loadAgentCached answers. */
export function cachedAgent(region: string, agentId: string, now: number, ttlMs: number): RuntimeAgent | undefined {
  const hit = ttlMs > 0 ? agentCache.get(`${region}/${agentId}`) : undefined;
  return hit && now - hit.at < ttlMs ? hit.agent : undefined;
}

/** The Voiceflow dialogue API key from voiceglow/{id}/private/secrets (never from the public document). */
export async function loadDialogueKey(db: Firestore, agentId: string): Promise<string | null> {
  const snap = await db.doc(paths.agentSecrets(agentId)).get();
  const key = snap.get('VF_DIALOGUE_API_KEY');
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}

/** Recording is on unless the owner turned it off: the Chats inbox and human takeover need it. */
export const recordsHistory = (agent: RuntimeAgent): boolean => agent.recordChatHistory !== false;

/** Whether the agent's answers may call workspace tools (assigned ones, and not a flow's per-step choice). */
export const usesTools = (agent: RuntimeAgent): boolean => !agent.enableNodes && agent.assignedToolsIds.length > 0;

/** Launch messages as plain texts. */
export function initMessageTexts(agent: RuntimeAgent): string[] {
  return (agent.vg_initMessages ?? [])
    .map((m) => (typeof m === 'string' ? m : m.content))
    .map((t) => t.trim())
    .filter(Boolean);
}
