// The one entry point that answers a visitor's message for an agent. The widget, the test debugger
// and channels call prepareAnswer (checks that can still become an HTTP status) then runAnswer.
import type { Firestore } from 'firebase-admin/firestore';
import type { conversationsApi, Conversation, ConversationMessage, MessageSource, Region } from '@parley/core';
import { HttpError } from '../http/endpoint';
import {
  appendMessages, getConversation, newConversationId, recentMessages, type NewConversation,
} from '../conversations/store';
import {
  DEFAULT_TOP_CHUNKS, initMessageTexts, loadAgent, loadDialogueKey, recordsHistory, type RuntimeAgent,
} from './agent';
import { llmSettings, type LlmSettings } from './env';
import type { KnowledgeSearch, Passage } from './knowledge-port';
import { readUsage, shouldContinue, type ContinueDecision, type StopReason } from './limits';
import { DEFAULT_TIMING, streamCompletion, type LlmTiming } from './llm';
import { meterAnswer } from './metering';
import { offlineAnswer } from './offline';
import { buildMessages } from './prompt';
import { DEFAULT_LAUNCH_MESSAGE, FAILURE_MESSAGE, NO_DIALOGUE_KEY, STOP_MESSAGE, UNKNOWN_AGENT } from './texts';
import type { HistoryTurn } from './tokens';
import { interact } from './voiceflow';

export type ChatRequest = conversationsApi.ChatRequest;
export type AnswerResult = conversationsApi.AnswerResult;
export type Responder = conversationsApi.Responder;

export interface RuntimeDeps {
  db: (region: Region) => Firestore;
  search: KnowledgeSearch;
  llm: () => LlmSettings | null;
  timing: LlmTiming;
  now: () => number;
  /**
   * How long (ms) a warm instance may reuse an agent's settings and its continue decision. A few
   * seconds saves two Firestore round trips per message; an owner's edit or an exhausted balance
   * takes effect within that time. 0 disables it.
   */
  agentCacheMs: number;
}

interface CachedAgent {
  at: number;
  agent: RuntimeAgent;
}
const agentCache = new Map<string, CachedAgent>();
const AGENT_CACHE_MAX = 500;

async function agentAndDecision(deps: RuntimeDeps, db: Firestore, region: Region, agentId: string): Promise<{ agent: RuntimeAgent | null; decision: Promise<ContinueDecision> | null }> {
  const key = `${region}/${agentId}`;
  const now = deps.now();
  const hit = deps.agentCacheMs > 0 ? agentCache.get(key) : undefined;
  if (hit && now - hit.at < deps.agentCacheMs) return { agent: hit.agent, decision: null };
  const usageRead = readUsage(db, agentId);
  usageRead.catch(() => undefined);
  const agent = await loadAgent(db, agentId);
  if (!agent) return { agent: null, decision: null };
  const decision = shouldContinue(db, agent, now, usageRead);
  if (deps.agentCacheMs > 0) {
    // Only agents that may continue are reused; a stopped agent is re-checked on every message.
    void decision.then((d) => {
      if (!d.shouldContinue) return;
      if (agentCache.size >= AGENT_CACHE_MAX) agentCache.delete(agentCache.keys().next().value!);
      agentCache.set(key, { at: now, agent });
    }, () => undefined);
  }
  return { agent, decision };
}

export const defaultLlm = (): LlmSettings | null => llmSettings();
export { DEFAULT_TIMING };

export class StopError extends HttpError {
  constructor(readonly reason: StopReason) {
    super(402, STOP_MESSAGE);
  }
}

export type Channel = Conversation['channel'];

export interface Prepared {
  region: Region;
  agent: RuntimeAgent;
  request: ChatRequest;
  channel: Channel;
  conversationId: string;
  recording: boolean;
  dialogueKey: string | null;
  /** Read while the agent loads (one round trip): the conversation and its latest messages. */
  conversation: Conversation | null;
  previous: ConversationMessage[];
  /** Retrieval started as soon as the agent and history were known (vg text messages). */
  passages: Promise<Passage[]> | null;
}

export interface PrepareOptions {
  channel: Channel;
  /** The caller is the agent's owner (verified): draft settings apply. */
  ownerVerified?: boolean;
}

/** Every check that decides the HTTP status: unknown agent (404), limits (402), missing vf key (400). */
export async function prepareAnswer(
  deps: RuntimeDeps,
  region: Region,
  agentId: string,
  request: ChatRequest,
  options: PrepareOptions,
): Promise<Prepared> {
  const db = deps.db(region);
  const conversationId = request.conversationId ?? newConversationId();
  // Everything that needs only the ids is read at once; the owner's credits need the agent first.
  const mayRecord = options.channel !== 'test' && !!request.conversationId;
  const conversationRead = mayRecord ? getConversation(db, agentId, conversationId) : Promise.resolve(null);
  const previousRead = mayRecord && request.action === 'text' ? recentMessages(db, agentId, conversationId) : Promise.resolve([]);
  // Keep unobserved reads from surfacing as unhandled rejections when the agent is unknown.
  for (const read of [conversationRead, previousRead]) read.catch(() => undefined);
  const { agent: stored, decision: decisionRead } = await agentAndDecision(deps, db, region, agentId);
  if (!stored) throw new HttpError(404, UNKNOWN_AGENT);
  const { VF_DIALOGUE_API_KEY: draftKey, ...draft } = options.ownerVerified ? (request.draft ?? {}) : {};
  const agent: RuntimeAgent = { ...stored, ...stripUndefined(draft) };
  // Retrieval starts now, alongside the credit check, so it is ready when the message is stored.
  // The message alone is searched at once; smart search re-runs with the previous question when there is one.
  let passages: Promise<Passage[]> | null = null;
  if (agent.agentPlatform === 'vg' && request.action === 'text') {
    const message = request.message!.trim();
    const plain = retrieve(deps, region, agent, message, []);
    const smart = (agent.kb_llm?.searchMethod ?? 'smart') === 'smart';
    passages = !smart
      ? plain
      : previousRead.then((previous) => {
          const history = previous.length > 0 ? toHistory(previous) : (request.history ?? []);
          return history.some((t) => t.role === 'user') ? retrieve(deps, region, agent, message, history) : plain;
        });
    plain.catch(() => undefined);
  }
  passages?.catch(() => undefined);
  const [decision, conversation, previous] = await Promise.all([decisionRead ?? Promise.resolve<ContinueDecision>({ shouldContinue: true }), conversationRead, previousRead]);
  if (!decision.shouldContinue) throw new StopError(decision.reason!);
  let dialogueKey: string | null = null;
  if (agent.agentPlatform === 'vf') {
    dialogueKey = draftKey?.trim() || (await loadDialogueKey(db, agentId));
    if (!dialogueKey) throw new HttpError(400, NO_DIALOGUE_KEY);
  }
  return {
    region,
    agent,
    request,
    channel: options.channel,
    conversationId,
    // Test chats are the owner trying a draft: they stay out of the Chats inbox.
    recording: options.channel !== 'test' && recordsHistory(agent),
    dialogueKey,
    conversation,
    previous,
    passages,
  };
}

export interface AnswerEvents {
  onDelta?: (text: string) => void;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// Visitors see sources: a title and an excerpt, never the document id or its file's place in storage.
const toSource = (p: Passage): MessageSource => ({ title: p.name.trim().slice(0, 200), excerpt: p.text.slice(0, 300), score: Math.round(p.score * 1000) / 1000 });

interface Reply {
  parts: string[];
  passages: Passage[];
  responder: Responder;
  inputTokens: number;
  outputTokens: number;
  modelId: string;
  failed: boolean;
}

export async function runAnswer(deps: RuntimeDeps, prepared: Prepared, events: AnswerEvents = {}): Promise<AnswerResult> {
  const { agent, request, conversationId, recording } = prepared;
  const db = deps.db(prepared.region);
  const conversation: Conversation | null = prepared.conversation;
  // A new conversation is created by its first write (launch or first message) in the same batch.
  const init: NewConversation | undefined =
    recording && !conversation
      ? { agentId: agent.ID, ownerID: agent.ownerID, id: conversationId, channel: prepared.channel, pageUrl: request.pageUrl, visitor: request.visitor }
      : undefined;
  const base = { conversationId, messageDelayMS: agent.messageDelayMS, control: conversation?.control ?? 'ai' } as const;

  if (request.action === 'launch') {
    const parts = await launchParts(prepared);
    if (recording) {
      await appendMessages(db, agent.ID, conversationId, parts.map((text) => ({ role: 'assistant' as const, text, responder: 'launch' as const })), deps.now(), {}, init);
    }
    return { ...base, parts, sources: [], responder: 'launch', failed: false };
  }

  const message = request.message!.trim();
  let history: HistoryTurn[] = request.history ?? [];
  let isFirstMessage = history.every((t) => t.role !== 'user');
  let storing: Promise<unknown> = Promise.resolve();
  if (recording) {
    const previous = prepared.previous;
    history = toHistory(previous);
    isFirstMessage = previous.every((m) => m.role !== 'user');
    // Stored before any LLM call (awaited below, before the call): whatever happens next, the visitor's message is kept.
    storing = appendMessages(db, agent.ID, conversationId, [{ role: 'user', text: message }], deps.now(), request.pageUrl ? { pageUrl: request.pageUrl } : {}, init);
    if (conversation?.control === 'human') {
      await storing;
      return { ...base, parts: [], sources: [], responder: null, failed: false };
    }
  }

  const reply =
    agent.agentPlatform === 'vf'
      ? await storing.then(() => voiceflowReply(prepared, message, isFirstMessage, events))
      : await generatedReply(deps, prepared, message, history, isFirstMessage, events, storing);
  const sources = reply.passages.map(toSource);
  const now = deps.now();
  if (recording) {
    await appendMessages(
      db,
      agent.ID,
      conversationId,
      reply.parts.map((text, i) => ({
        role: 'assistant' as const,
        text,
        responder: reply.failed ? ('failure' as const) : reply.responder,
        status: reply.failed ? ('failed' as const) : ('complete' as const),
        sources: i === reply.parts.length - 1 ? sources : [],
        ...(reply.responder === 'llm' ? { modelId: reply.modelId, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens } : {}),
      })),
      now,
    );
  }
  if (!reply.failed) {
    await meterAnswer(
      db,
      {
        ownerID: agent.ownerID,
        agentId: agent.ID,
        inputTokens: reply.inputTokens,
        outputTokens: reply.outputTokens,
        modelId: reply.modelId,
        messages: 1,
        logMessage: `${prepared.channel} reply (${reply.responder}) in conversation ${conversationId}`,
      },
      now,
    );
  }
  return { ...base, parts: reply.parts, sources, responder: reply.failed ? 'failure' : reply.responder, failed: reply.failed, modelId: reply.modelId };
}

function toHistory(messages: ConversationMessage[]): HistoryTurn[] {
  return messages
    .filter((m) => m.role !== 'system' && m.status !== 'failed')
    .map((m) => ({ role: m.role === 'user' ? ('user' as const) : ('assistant' as const), text: m.text }));
}

/** The agent's top passages for a message; smart search reads a follow-up with the previous question. */
async function retrieve(deps: RuntimeDeps, region: Region, agent: RuntimeAgent, message: string, history: HistoryTurn[]): Promise<Passage[]> {
  const topK = agent.topChunks ?? DEFAULT_TOP_CHUNKS;
  const previousQuestion = [...history].reverse().find((t) => t.role === 'user')?.text;
  const query = (agent.kb_llm?.searchMethod ?? 'smart') === 'smart' && previousQuestion ? `${message}\n${previousQuestion}` : message;
  try {
    return await deps.search({ region, agentId: agent.ID, query, topK });
  } catch (error) {
    console.error('[runtime] knowledge search failed:', error instanceof Error ? error.message : 'unknown');
    return [];
  }
}

async function launchParts(prepared: Prepared): Promise<string[]> {
  const { agent } = prepared;
  // Smart initialisation: no fixed greeting; the first reply is written for the first message.
  if (agent.smartInit) return [];
  if (agent.agentPlatform === 'vf') {
    try {
      return await interact(prepared.dialogueKey!, prepared.conversationId, { type: 'launch' });
    } catch {
      return [FAILURE_MESSAGE];
    }
  }
  const texts = initMessageTexts(agent);
  return texts.length > 0 ? texts : [DEFAULT_LAUNCH_MESSAGE];
}

async function voiceflowReply(prepared: Prepared, message: string, isFirstMessage: boolean, events: AnswerEvents): Promise<Reply> {
  const key = prepared.dialogueKey!;
  try {
    // With smart initialisation the launch greeting was skipped: start the dialogue, keep only the answer.
    if (prepared.agent.smartInit && isFirstMessage) await interact(key, prepared.conversationId, { type: 'launch' });
    const parts = await interact(key, prepared.conversationId, { type: 'text', payload: message });
    for (const part of parts) events.onDelta?.(part);
    return { parts, passages: [], responder: 'voiceflow', inputTokens: 0, outputTokens: 0, modelId: 'voiceflow', failed: false };
  } catch (error) {
    console.error('[runtime] voiceflow failed:', error instanceof Error ? error.message : 'unknown');
    events.onDelta?.(FAILURE_MESSAGE);
    return { parts: [FAILURE_MESSAGE], passages: [], responder: 'voiceflow', inputTokens: 0, outputTokens: 0, modelId: 'voiceflow', failed: true };
  }
}

async function generatedReply(
  deps: RuntimeDeps,
  prepared: Prepared,
  message: string,
  history: HistoryTurn[],
  isFirstMessage: boolean,
  events: AnswerEvents,
  storing: Promise<unknown>,
): Promise<Reply> {
  const { agent } = prepared;
  // Retrieval runs while the visitor's message is being stored.
  const [passages] = await Promise.all([prepared.passages ?? retrieve(deps, prepared.region, agent, message, history), storing]);
  const settings = deps.llm();
  if (!settings) {
    const text = offlineAnswer(passages);
    events.onDelta?.(text);
    return { parts: [text], passages: passages.slice(0, 2), responder: 'offline', inputTokens: 0, outputTokens: 0, modelId: 'offline', failed: false };
  }
  const model = agent.vg_defaultModel || settings.defaultModel;
  try {
    const result = await streamCompletion(
      settings,
      {
        model,
        messages: buildMessages({ agent, passages, history, message, isFirstMessage, pageUrl: prepared.request.pageUrl, lang: prepared.request.lang ?? (agent.lang !== 'automatic' ? agent.lang : undefined) }),
        temperature: agent.vg_temperature,
        maxTokens: agent.vg_maxTokens,
      },
      (piece) => events.onDelta?.(piece),
      deps.timing,
    );
    return { parts: [result.text], passages, responder: 'llm', inputTokens: result.inputTokens, outputTokens: result.outputTokens, modelId: result.modelId, failed: false };
  } catch (error) {
    const status = (error as { status?: number }).status ?? (error as { lastError?: { status?: number } }).lastError?.status;
    console.error('[runtime] LLM failed:', error instanceof Error ? error.name : 'unknown', status ?? '');
    events.onDelta?.(FAILURE_MESSAGE);
    return { parts: [FAILURE_MESSAGE], passages: [], responder: 'llm', inputTokens: 0, outputTokens: 0, modelId: model, failed: true };
  }
}
