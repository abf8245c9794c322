// The composition root: every dependency the features share is built here once and handed to their endpoints,
// callables and jobs (index.ts serves them). Features declare what they need (RuntimeDeps, VisitorDeps,
// KnowledgeDeps, AiCssDeps, PipelineDeps …) and never reach for a module-level instance; tests build their own
// composition (functions/test/composition.ts) with fakes in place of the providers.
import type { Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { appCheckVerifier, type AppCheckVerifier } from './adapters/app-check';
import { databaseFor } from './adapters/firestore';
import { firebaseIdTokens, type IdTokenVerifier } from './adapters/id-token';
import { DEFAULT_TIMING } from './adapters/llm/client';
import { llmSettings } from './adapters/llm/settings';
import { balanceObservers } from './billing';
import { channelSenders, cloudTasksAnswerQueue, connectionListers, type AnswerQueue, type ChannelSenders, type ConnectionListers } from './channels';
import { notifyConversationEvent } from './clients';
import type { KnowledgeSearch, RuntimeDeps } from './conversations';
import { createCredits, type CreditsPort } from './credits';
import { ownProviders, ownVoiceKeys, type OwnVoiceKeys } from './credentials';
import { platformCrawler, type CrawlerDeps } from './crawler';
import { creditsLowObserver, emitConversationEvent, platformEvents, type EventsDeps } from './events';
import { platformVectorIndex, search, type VectorIndex } from './knowledge';
import { recordLead } from './leads';
import { agentTools, DEFAULT_TOOL_CALL } from './tools';
import { platformLogs, toolFailureLogger } from './logs';
import { platformFileStore, type FileStore } from './uploads';
import type { VoiceProvider } from './adapters/voice/port';
import { platformVoiceProvider } from './adapters/voice/settings';

/** The workspace event each conversation event raises (functions/src/events). */
const CONVERSATION_EVENT_TYPES = {
  conversation: 'conversation.started', handoff: 'handoff.requested', lead: 'lead.created', message: 'message.created', ended: 'conversation.ended',
} as const;

export interface Composition {
  /** The Firestore database of a region. */
  db: (region: Region) => Firestore;
  /** The one credit interface: the conversation engine, AI CSS and the knowledge base pay through it. */
  credits: CreditsPort;
  /** The conversation engine's dependencies (the visitor's endpoints read it at each request). */
  engine: RuntimeDeps;
  /** Who sends on each channel (the pipeline's answers, the operator's replies from Chats). */
  channelSenders: ChannelSenders;
  /** Who lists each channel's connections. */
  connectionListers: ConnectionListers;
  /** Where channel webhooks queue their messages' answers (Cloud Tasks). */
  answerQueue: AnswerQueue;
  /** Verifies the Firebase ID tokens dashboard users send as bearer to the API. */
  idTokens: IdTokenVerifier;
  /** Verifies the widget's App Check tokens (when App Check is enforced). */
  appCheck: AppCheckVerifier;
  /** Uploaded files and knowledge originals. */
  fileStore: FileStore;
  /** The knowledge base's chunks, searched by the engine. */
  vectorIndex: VectorIndex;
  /**
   * The voice provider (Vapi with numbers on Twilio), or null when voice is not configured; with `ownKey`, acting on a
   * workspace's own Vapi account.
   */
  voiceProvider: (ownKey?: string) => VoiceProvider | null;
  /** A workspace's own voice provider key, saved on Credentials (cached 10 s per instance). */
  ownVoiceKey: OwnVoiceKeys;
  /** Outgoing workspace events: their delivery queue, the mailer and logs their failures go to. */
  events: EventsDeps;
  /** The Crawler: its run queue, per-host limits, and the knowledge base its pages go to. */
  crawler: CrawlerDeps;
}

/** Retrieval through the knowledge feature's one search over `index` (Qdrant, or BM25 over the stored chunks). */
export const knowledgeSearch = (index: VectorIndex): KnowledgeSearch => ({ region, agentId, query, topK }) => search(index, agentId, query, topK, region);

/**
 * The production credits: on Firestore, with billing's auto-recharge told each balance a reservation left, and the
 * workspace's credits.low event (on `events`).
 */
export function platformCredits(events: EventsDeps): CreditsPort {
  const creditsLow = creditsLowObserver(events);
  return createCredits({
    ...balanceObservers,
    onBalance: (db, ownerID, balance) => {
      balanceObservers.onBalance?.(db, ownerID, balance);
      void creditsLow(db, ownerID, balance);
    },
  });
}

/** How long a warm instance reuses an agent's settings, its payer and its knowledge chunks. */
const WARM_CACHE_MS = 3000;

/**
 * The conversation engine on the production adapters, raising its events on `events`; `overrides` replace any of
 * them (tests, benches).
 */
export function runtimeDeps(events: EventsDeps, overrides: Partial<RuntimeDeps> = {}): RuntimeDeps {
  const agentCacheMs = overrides.agentCacheMs ?? WARM_CACHE_MS;
  const deps: RuntimeDeps = {
    db: databaseFor,
    search: knowledgeSearch(platformVectorIndex({ chunkCacheMs: agentCacheMs })),
    llm: llmSettings,
    timing: DEFAULT_TIMING,
    now: Date.now,
    credits: overrides.credits ?? platformCredits(events),
    agentCacheMs,
    // New conversations and handoff requests: the notification the workspace and the agent's clients read, and
    // the clients' e-mails (clients feature), in the region's database the other dependencies use.
    // …and every conversation event as the workspace's outgoing event (conversation.started, message.created …),
    // queued, never awaited long.
    notify: async (event) => {
      await Promise.all([
        event.kind === 'message' || event.kind === 'ended' ? null : notifyConversationEvent(deps.db(event.region), event),
        emitConversationEvent(events, CONVERSATION_EVENT_TYPES[event.kind], event),
      ]);
    },
    // The agent's workspace tools, called through the safe fetch (20 s, 1 MB); failed calls go to the workspace's logs.
    tools: agentTools(DEFAULT_TOOL_CALL, toolFailureLogger(platformLogs())),
    // What the built-in lead tool collects, stored (and told) by the leads feature like the widget's form.
    leads: async (lead) => (await recordLead(deps, lead)).status === 'saved',
    // A workspace's own OpenAI-compatible provider answers for its agents (credentials feature; cached 10 s).
    ownLlm: ownProviders(),
    ...overrides,
  };
  return deps;
}

/** Builds the platform; `overrides` replace parts (a test's fake senders, an engine with a fake LLM …). */
export function compose(overrides: Partial<Composition> = {}): Composition {
  // One events dependency (one delivery queue) per instance, for every feature that raises events.
  const events = overrides.events ?? platformEvents();
  const credits = overrides.credits ?? platformCredits(events);
  const vectorIndex = overrides.vectorIndex ?? platformVectorIndex({ chunkCacheMs: WARM_CACHE_MS });
  const fileStore = overrides.fileStore ?? platformFileStore();
  return {
    db: databaseFor,
    credits,
    engine: runtimeDeps(events, { credits, search: knowledgeSearch(vectorIndex) }),
    fileStore,
    vectorIndex,
    channelSenders,
    connectionListers,
    answerQueue: cloudTasksAnswerQueue,
    idTokens: firebaseIdTokens,
    appCheck: appCheckVerifier(),
    voiceProvider: platformVoiceProvider,
    ownVoiceKey: ownVoiceKeys(),
    events,
    crawler: platformCrawler({ credits, vectorIndex, fileStore }),
    ...overrides,
  };
}
