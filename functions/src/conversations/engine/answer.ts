// The one entry point that answers a visitor's message for an agent. The widget, the test debugger
// and channels call prepareAnswer (checks that can still become an HTTP status) then runAnswer: the visitor's
// message is stored in the same write that reserves its credits, before the model is called; the reservation is
// settled with what the answer cost, or released when there was none.
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  answerCredits, flowNodeLabel, MIN_CREDITS_PER_ANSWER, modelRate, paths, tokenCredits,
  type conversationsApi, type Conversation, type ConversationMessage, type MessageSource, type Region, type ToolCallRecord,
} from '@parley/core';
import { DEFAULT_TIMING, type LlmTiming } from '../../adapters/llm/client';
import { FALLBACK_MODEL, llmSettings, type LlmSettings } from '../../adapters/llm/settings';
import { estimateTokens, type HistoryTurn } from '../../adapters/llm/tokens';
import { HttpError } from '../../adapters/input-errors';
import {
  balanceOf, billingOrgsOf, CONVERSATION_LIMIT_MESSAGE, notifyOwnerNoCredits, payerOf, payerPath, payingOrg, StopError,
  type Charge, type CreditsPort, type Payer, type Reservation,
} from '../../credits';
import {
  appendMessages, conversationOf, conversationPath, conversationRef, messageWrites, newConversationId, recentMessages, type NewConversation,
} from '../conversation-store';
import {
  cachedAgent, DEFAULT_TOP_CHUNKS, initMessageTexts, loadAgentCached, loadDialogueKey, recordsHistory, usesTools, type RuntimeAgent,
} from './agent';
import type { KnowledgeSearch, Passage } from './knowledge-port';
import { readUsage, usageOf, type UsageStats } from './usage-caps';
import type { ConversationNotifier } from './notify-port';
import { offlineAnswer } from './offline';
import { flowOffersTools, longestStepPrompt, startFlowTurn } from './flow-turn';
import { buildMessages, HISTORY_TOKEN_BUDGET, systemPrompt } from './prompt';
import { leadToolFor, type LeadPort } from './lead-tool';
import { completeWithTools } from './tool-loop';
import { admissionGate, inFlightBefore, type AdmissionGate } from './admission-gate';
import type { AgentToolsLoader, OfferedTool } from './tools-port';
import { DEFAULT_LAUNCH_MESSAGE, FAILURE_MESSAGE, NO_DIALOGUE_KEY, UNKNOWN_AGENT } from './texts';
import { interact } from './voiceflow';

export type ChatRequest = conversationsApi.ChatRequest;
export type AnswerResult = conversationsApi.AnswerResult;
export type Responder = conversationsApi.Responder;


/** How long a conversation without a recorded history keeps its flow step after its last move. */
const FLOW_STATE_TTL_MS = 24 * 60 * 60 * 1000;
export interface RuntimeDeps {
  db: (region: Region) => Firestore;
  search: KnowledgeSearch;
  llm: () => LlmSettings | null;
  timing: LlmTiming;
  now: () => number;
  /** Reserve, settle and release credits (Firestore; benches compare with other ports). */
  credits: CreditsPort;
  /**
   * How long (ms) a warm instance may reuse an agent's settings. A few seconds saves a Firestore round trip per
   * message; an owner's edit takes effect within that time. Credits and limits are never reused. 0 disables it.
   */
  agentCacheMs: number;
  /** Tells the workspace and the agent's clients of a new conversation or a handoff request (never throws). */
  notify: ConversationNotifier;
  /** The agent's workspace tools, offered to the model (the tools feature: its assignedToolsIds). */
  tools: AgentToolsLoader;
  /** Stores what the built-in lead tool collects (the leads feature's recordLead). */
  leads: LeadPort;
  /**
   * The workspace's own OpenAI-compatible provider (credentials feature), used for its agents instead of the
   * platform's and charged no model credits; cached per instance, so a turn adds no read.
   */
  ownLlm?: (db: Firestore, region: Region, workspaceId: string) => Promise<Omit<LlmSettings, 'defaultModel'> | null>;
}

export const defaultLlm = (): LlmSettings | null => llmSettings();
export { DEFAULT_TIMING, StopError };

export type Channel = Conversation['channel'];

export interface Prepared {
  region: Region;
  agent: RuntimeAgent;
  request: ChatRequest;
  channel: Channel;
  conversationId: string;
  recording: boolean;
  dialogueKey: string | null;
  /** Read while the agent loads (one round trip): the conversation. */
  conversation: Conversation | null;
  /**
   * Its latest messages, read beside it: only the answer's prompt needs them, so the credit reservation does not
   * wait for them.
   */
  previous: Promise<ConversationMessage[]>;
  /** Retrieval started as soon as the agent and history were known (vg text messages). */
  passages: Promise<Passage[]> | null;
  /** The model that answers (vg with an LLM), or null (offline, Voiceflow). */
  model: string | null;
  /** The provider asked for it: the platform's, or the workspace's own (then no model credits are charged). */
  llm: LlmSettings | null;
  ownProvider: boolean;
  /** Visitor messages the conversation sent before this one (its messagesLimit counter). */
  visitorMessages: number;
  /** Who pays for the answer: the agent's workspace, or an org of it with billing on (credits/payer.ts). */
  payer: Payer;
  /** The conversation's flow step: on the conversation, or, when its history is not recorded, in its flow state. */
  flowStep: string | undefined;
}

export interface PrepareOptions {
  channel: Channel;
  /** The caller is the agent's owner (verified): draft settings apply. */
  ownerVerified?: boolean;
  /** Checks of the caller against the agent (allowed domains …), run once the agent is known. */
  admit?: (agent: RuntimeAgent) => void | Promise<void>;
}

/** Whether the message counts against its conversation's messagesLimit (a visitor's text in a named conversation). */
const counted = (channel: Channel, request: ChatRequest): boolean => channel !== 'test' && !!request.conversationId && request.action === 'text';

/** Several documents in one round trip (getAll), by name; a name given no path is absent from the answer. */
async function readTogether<K extends string>(db: Firestore, refs: Record<K, string | null>): Promise<Partial<Record<K, DocumentSnapshot>>> {
  const named = (Object.entries(refs) as Array<[K, string | null]>).filter((e): e is [K, string] => e[1] !== null);
  if (named.length === 0) return {};
  const snaps = await db.getAll(...named.map(([, path]) => db.doc(path)));
  return Object.fromEntries(named.map(([name], i) => [name, snaps[i]])) as Partial<Record<K, DocumentSnapshot>>;
}

/** The agent's settings (cached per deps.agentCacheMs), or 404. */
export async function runtimeAgent(deps: RuntimeDeps, region: Region, agentId: string): Promise<RuntimeAgent> {
  const agent = await loadAgentCached(deps.db(region), region, agentId, deps.now(), deps.agentCacheMs);
  if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
  return agent;
}

/**
 * The most an answer can cost, reserved before the model is called: the prompt at its largest (system prompt,
 * a flow's longest step, the retrieved passages at their largest, the history budget, the message) and the longest reply the agent allows,
 * at the model's rate. Offline and Voiceflow answers cost the minimum.
 */
export function answerEstimate(agent: RuntimeAgent, model: string | null, message: string): number {
  if (!model) return MIN_CREDITS_PER_ANSWER;
  const topK = agent.topChunks ?? DEFAULT_TOP_CHUNKS;
  const prompt =
    estimateTokens(agent.vg_systemPrompt ?? '') + estimateTokens(agent.vg_initPrompt ?? '') + estimateTokens(longestStepPrompt(agent)) +
    Math.ceil((topK * agent.vgOptions.maxChunkSize) / 4) +
    HISTORY_TOKEN_BUDGET + estimateTokens(message) + 200;
  return tokenCredits(modelRate(model), prompt, agent.vg_maxTokens);
}

/**
 * Every check that decides the HTTP status — unknown agent (404), the caller's admission (allowed domains …),
 * credits and limits (402), a missing vf key (400) — with the reads the answer needs, all at once.
 */
export async function prepareAnswer(
  deps: RuntimeDeps,
  region: Region,
  agentId: string,
  request: ChatRequest,
  options: PrepareOptions,
): Promise<Prepared> {
  const db = deps.db(region);
  const conversationId = request.conversationId ?? newConversationId();
  const ref = conversationRef(agentId, conversationId, options.channel);
  const mayRecord = !!request.conversationId;
  const previousRead = mayRecord && request.action === 'text' ? recentMessages(db, ref) : Promise.resolve([]);
  // The conversation and the counters the early refusals need, in one round trip (getAll) beside the agent's read.
  // Settings this instance already holds say which counters matter: no token cap, no usage read; no per-conversation
  // cap, no counter read.
  const known = cachedAgent(region, agentId, deps.now(), deps.agentCacheMs);
  const readsUsage = !known || known.maxTokensUsage > 0;
  const countsMessages = counted(options.channel, request) && (!known || known.messagesLimit > 0);
  const docs = readTogether(db, {
    conversation: mayRecord ? conversationPath(ref) : null,
    usage: readsUsage ? paths.usageStats(agentId) : null,
    counter: countsMessages ? paths.conversationUsage(agentId, conversationId) : null,
    // A conversation whose history is not recorded keeps nothing but its flow step, apart (flowStates).
    flowState: mayRecord && request.action === 'text' && (!known || !recordsHistory(known)) ? paths.flowState(agentId, conversationId) : null,
  });
  const conversationRead = docs.then((d) => (d.conversation ? conversationOf(d.conversation) : null));
  // The orgs that may pay need only the agent's id (cached like the agent): read beside it, not after.
  const billingOrgsRead = billingOrgsOf(db, agentId, deps.now(), deps.agentCacheMs);
  // Keep unobserved reads from surfacing as unhandled rejections when the agent is unknown.
  for (const read of [docs, previousRead, billingOrgsRead]) read.catch(() => undefined);
  const stored = await runtimeAgent(deps, region, agentId);
  await options.admit?.(stored);
  const { VF_DIALOGUE_API_KEY: draftKey, ...draft } = options.ownerVerified ? (request.draft ?? {}) : {};
  const agent: RuntimeAgent = { ...stored, ...stripUndefined(draft) };
  const platformLlm = agent.agentPlatform === 'vg' ? deps.llm() : null;
  // Retrieval starts now, alongside the other reads, so it is ready when the message is stored.
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
  const dialogueKeyRead: Promise<string | null> =
    agent.agentPlatform === 'vf' ? (draftKey?.trim() ? Promise.resolve(draftKey.trim()) : loadDialogueKey(db, agentId)) : Promise.resolve(null);
  const payerRead = payerOf(db, agent, deps.now(), deps.agentCacheMs, billingOrgsRead);
  // A counter skipped for settings that changed meanwhile (the cache ran out since) is read now.
  const usageRead: Promise<UsageStats> = readsUsage
    ? docs.then((d) => usageOf(d.usage!))
    : agent.maxTokensUsage > 0 ? readUsage(db, agentId) : Promise.resolve({ totalTokens: 0, messages: 0, monthly: {} });
  const counterSnap = countsMessages
    ? docs.then((d) => d.counter!)
    : agent.messagesLimit > 0 && counted(options.channel, request) ? db.doc(paths.conversationUsage(agentId, conversationId)).get() : null;
  const counterRead = counterSnap ? counterSnap.then((snap) => balanceOf(snap.get('visitorMessages'))) : Promise.resolve(0);
  const ownRead = agent.agentPlatform === 'vg' && deps.ownLlm && agent.ownerID ? deps.ownLlm(db, region, agent.ownerID) : Promise.resolve(null);
  // …and one skipped for settings that changed meanwhile is read now.
  const flowStateSnap = recordsHistory(agent) || !mayRecord || request.action !== 'text'
    ? null
    : docs.then((d) => d.flowState ?? db.doc(paths.flowState(agentId, conversationId)).get());
  const storedStepRead = flowStateSnap ? flowStateSnap.then((snap) => snap.get('flowStep') as string | undefined) : Promise.resolve(undefined);
  const [[payer, credits], conversation, usage, visitorMessages, dialogueKey, storedStep, own] = await Promise.all([
    payerRead.then(async (p) => [p, await deps.credits.balance(db, agent.ownerID, payingOrg(p))] as const),
    conversationRead,
    usageRead,
    counterRead,
    dialogueKeyRead,
    storedStepRead,
    ownRead,
  ]);
  const settings: LlmSettings | null = own ? { ...own, defaultModel: platformLlm?.defaultModel ?? FALLBACK_MODEL } : platformLlm;
  const model = settings ? (agent.vg_defaultModel ?? settings.defaultModel) : null;
  // Early refusals, nothing written yet; the reservation checks the balance and the cap again when it writes.
  if (!(credits > 0)) throw await refused(deps, region, agent, options.channel, new StopError('credits', undefined, payingOrg(payer)));
  if (agent.maxTokensUsage > 0 && usage.totalTokens >= agent.maxTokensUsage) throw new StopError('maxTokensUsage');
  if (request.action === 'text' && options.channel !== 'test' && agent.messagesLimit > 0 && visitorMessages >= agent.messagesLimit) {
    throw new StopError('messagesLimit', CONVERSATION_LIMIT_MESSAGE);
  }
  if (agent.agentPlatform === 'vf' && !dialogueKey) throw new HttpError(400, NO_DIALOGUE_KEY);
  return {
    region,
    agent,
    request,
    channel: options.channel,
    conversationId,
    // Test chats (the owner trying a draft) are recorded apart from real ones (conversationRef): never in Chats.
    recording: recordsHistory(agent),
    dialogueKey,
    conversation,
    previous: previousRead,
    passages,
    model,
    llm: settings,
    ownProvider: !!own,
    visitorMessages,
    payer,
    flowStep: recordsHistory(agent) ? conversation?.flowStep : storedStep,
  };
}

/**
 * A refusal for lack of credits tells the agent's owner (credits/notices.ts: once a day per payer, naming the
 * org when one pays) before it becomes the 402 — for the widget and channels alike, not for the owner's test chat.
 */
async function refused(deps: RuntimeDeps, region: Region, agent: RuntimeAgent, channel: Channel, error: StopError): Promise<StopError> {
  if (error.reason === 'credits' && channel !== 'test' && agent.ownerID) {
    await notifyOwnerNoCredits(deps.db(region), agent.ownerID, agent.ID, channel, deps.now(), error.orgId);
  }
  return error;
}

async function releaseQuietly(deps: RuntimeDeps, db: Firestore, reservation: Reservation): Promise<void> {
  try {
    await deps.credits.release(db, reservation);
  } catch (error) {
    console.error('[runtime] releasing credits failed:', error instanceof Error ? error.message : 'unknown');
  }
}

export interface AnswerEvents {
  /** The message was stored and its credits reserved: the answer is coming (a stream may start now). */
  onAdmitted?: () => void;
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
  /** The tools called for the answer (secrets redacted). */
  toolCalls: ToolCallRecord[];
  /** A flow's node the conversation is at after the answer (its id and name). */
  flowStep?: { id: string; name: string };
}

export async function runAnswer(deps: RuntimeDeps, prepared: Prepared, events: AnswerEvents = {}): Promise<AnswerResult> {
  const db = deps.db(prepared.region);
  // Set once the reservation went through; whatever happens after, it is settled or released.
  const held: Held = { reservation: null, announced: null, told: null };
  let outcome: { result: AnswerResult; charge: Charge | null };
  try {
    outcome = await answer(deps, prepared, events, held);
  } catch (error) {
    if (held.reservation) await releaseQuietly(deps, db, held.reservation);
    throw error;
  } finally {
    // The new conversation's notification ran beside the answer; the request ends once it is written.
    await held.announced;
  }
  // The stored messages' events were started after the answer's write; they are queued while the credits settle.
  const told = held.told;
  if (held.reservation) {
    if (!outcome.charge) {
      // The answer failed: nothing is charged.
      await releaseQuietly(deps, db, held.reservation);
    } else {
      try {
        await deps.credits.settle(db, held.reservation, outcome.charge, deps.now());
      } catch (error) {
        // The visitor has the answer; the reservation stays as its charge.
        console.error('[runtime] settling credits failed:', error instanceof Error ? error.message : 'unknown');
      }
    }
  }
  await told;
  return outcome.result;
}

interface Held {
  reservation: Reservation | null;
  /** The new conversation's notification, started once its first write went through. */
  announced: Promise<void> | null;
  /** The stored messages' notification (message.created), started after the write that stored them. */
  told: Promise<void> | null;
}

/** The answer, and what it cost (null: nothing to charge). The reservation it makes is put in `held`. */
async function answer(
  deps: RuntimeDeps,
  prepared: Prepared,
  events: AnswerEvents,
  held: Held,
): Promise<{ result: AnswerResult; charge: Charge | null }> {
  const { agent, request, conversationId, recording } = prepared;
  const db = deps.db(prepared.region);
  const ref = conversationRef(agent.ID, conversationId, prepared.channel);
  const conversation: Conversation | null = prepared.conversation;
  // A new conversation is created by its first write (launch or first message) in the same batch.
  const init: NewConversation | undefined =
    recording && !conversation
      ? { agentId: agent.ID, ownerID: agent.ownerID, id: conversationId, channel: prepared.channel, pageUrl: request.pageUrl, visitor: request.visitor }
      : undefined;
  const base = { conversationId, messageDelayMS: agent.messageDelayMS, control: conversation?.control ?? 'ai' } as const;
  // Called after the write that created the conversation: told once (the notification's id names the conversation).
  // A test chat is nobody's news.
  const announce = () => {
    if (init && !ref.test) held.announced = deps.notify({ kind: 'conversation', region: prepared.region, agentId: agent.ID, conversationId });
  };
  // Called after the write that stored messages (never before the answer's: the turn waits for nothing more); a test
  // chat's are nobody's news.
  const tell = (messages: Array<{ role: ConversationMessage['role']; text: string }>) => {
    if (recording && !ref.test && messages.length > 0) {
      held.told = deps.notify({ kind: 'message', region: prepared.region, agentId: agent.ID, conversationId, workspaceId: agent.ownerID, messages });
    }
  };

  if (request.action === 'launch') {
    const parts = await launchParts(prepared);
    if (recording) {
      await appendMessages(db, ref, parts.map((text) => ({ role: 'assistant' as const, text, responder: 'launch' as const })), deps.now(), {}, init);
      announce();
      tell(parts.map((text) => ({ role: 'assistant', text })));
    }
    return { result: { ...base, parts, sources: [], responder: 'launch', failed: false }, charge: null };
  }

  const message = request.message!.trim();
  let history: HistoryTurn[] = request.history ?? [];
  let isFirstMessage = history.every((t) => t.role !== 'user');
  const visitorMessage = [{ role: 'user' as const, text: message }];
  const summary = request.pageUrl ? { pageUrl: request.pageUrl } : {};
  if (recording && conversation?.control === 'human') {
    // A team member has the conversation: the message is kept for them, the AI stays silent, nothing is charged.
    await appendMessages(db, ref, visitorMessage, deps.now(), summary, init);
    announce();
    tell(visitorMessage);
    events.onAdmitted?.();
    return { result: { ...base, parts: [], sources: [], responder: null, failed: false }, charge: null };
  }
  // The credits are reserved before the answer leaves the engine, in the same write that stores the visitor's
  // message: whatever happens next the message is kept, and a refused one (402) leaves nothing behind.
  const now = deps.now();
  // The workspace's own provider bills it directly: no model credits are reserved or charged.
  const estimate = prepared.ownProvider ? 0 : answerEstimate(agent, prepared.model, message);
  const admitted = deps.credits
    .reserve(
      db,
      {
        ownerID: agent.ownerID,
        ...(prepared.payer.kind === 'org' ? { orgId: prepared.payer.orgId } : {}),
        estimate,
        ...(prepared.channel === 'test' ? {} : { conversation: { agentId: agent.ID, conversationId, limit: agent.messagesLimit, used: prepared.visitorMessages } }),
        ...(recording ? { writes: messageWrites(ref, visitorMessage, now, summary, init).writes } : {}),
      },
      now,
    )
    .catch(async (error: unknown) => {
      throw error instanceof StopError ? await refused(deps, prepared.region, agent, prepared.channel, error) : error;
    })
    .then((reservation) => {
      held.reservation = reservation;
      announce();
      events.onAdmitted?.();
    });
  // The model is asked while the reservation is written when the balance this instance knows covers the most the
  // answer can cost, after its reservations already in flight: only another instance spending the balance meanwhile
  // can then refuse it (admission-gate.ts holds its words and tools until then, and the request is aborted on a
  // refusal). Otherwise, and for Voiceflow and offline answers, nothing starts before the reservation.
  const orgId = payingOrg(prepared.payer);
  const reservedBefore = inFlightBefore(db, payerPath(agent.ownerID, orgId), estimate, admitted);
  const early =
    agent.agentPlatform === 'vg' && !!prepared.model &&
    (await deps.credits.balance(db, agent.ownerID, orgId).catch(() => 0)) - reservedBefore >= estimate;
  const abort = new AbortController();
  let reply: Reply;
  try {
    if (!early) await admitted;
    if (recording) {
      const previous = await prepared.previous;
      history = toHistory(previous);
      isFirstMessage = previous.every((m) => m.role !== 'user');
    }
    if (agent.agentPlatform === 'vf') {
      reply = await voiceflowReply(prepared, message, isFirstMessage, events);
    } else {
      const replying = generatedReply(deps, prepared, message, history, isFirstMessage, events, { gate: admissionGate(admitted), signal: abort.signal });
      replying.catch(() => undefined);
      await admitted;
      reply = await replying;
    }
  } catch (error) {
    abort.abort();
    // Settled either way before the error goes up, so a reservation that went through is released (runAnswer).
    await admitted.catch(() => undefined);
    throw error;
  }
  const sources = reply.passages.map(toSource);
  const answeredAt = deps.now();
  if (recording) {
    await appendMessages(
      db,
      ref,
      reply.parts.map((text, i) => ({
        role: 'assistant' as const,
        text,
        responder: reply.failed ? ('failure' as const) : reply.responder,
        status: reply.failed ? ('failed' as const) : ('complete' as const),
        sources: i === reply.parts.length - 1 ? sources : [],
        ...(reply.responder === 'llm' ? { modelId: reply.modelId, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens } : {}),
        ...(i === reply.parts.length - 1 && reply.toolCalls.length > 0 ? { toolCalls: reply.toolCalls } : {}),
      })),
      answeredAt,
      // The flow's step is stored with the answer written in it (a failed answer leaves the step where it was).
      reply.flowStep && !reply.failed ? { flowStep: reply.flowStep.id } : {},
    );
    tell([...visitorMessage, ...reply.parts.map((text) => ({ role: 'assistant' as const, text }))]);
  }
  if (!recording && request.conversationId && reply.flowStep && !reply.failed && reply.flowStep.id !== prepared.flowStep) {
    // Without a transcript, the step is all the next message needs: kept a day after its last move.
    await db.doc(paths.flowState(agent.ID, conversationId)).set({ flowStep: reply.flowStep.id, expiresAt: Timestamp.fromMillis(answeredAt + FLOW_STATE_TTL_MS) });
  }
  const totalTokens = reply.inputTokens + reply.outputTokens;
  const charge: Charge | null = reply.failed
    ? null
    : {
        // At the rate of the model asked for (the provider may name a dated variant); offline and Voiceflow: the minimum.
        amount: reply.responder === 'llm' && prepared.ownProvider ? 0 : answerCredits(reply.responder === 'llm' ? prepared.model : null, reply.inputTokens, reply.outputTokens),
        log: {
          causedBy: 'agent',
          agentId: agent.ID,
          featureKey: 'chat-message',
          logMessage: `${prepared.channel} reply (${reply.responder}) in conversation ${conversationId}`,
          inputTokens: reply.inputTokens,
          outputTokens: reply.outputTokens,
          totalTokens,
          modelId: reply.modelId,
        },
        stats: { agentId: agent.ID, totalTokens, messages: 1 },
      };
  return {
    result: {
      ...base, parts: reply.parts, sources, responder: reply.failed ? 'failure' : reply.responder, failed: reply.failed, modelId: reply.modelId,
      // The owner's test chat shows the calls; a visitor never gets them.
      ...(prepared.channel === 'test' && reply.toolCalls.length > 0 ? { toolCalls: reply.toolCalls } : {}),
      ...(prepared.channel === 'test' && reply.flowStep ? { step: reply.flowStep.name } : {}),
    },
    charge,
  };
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
    return { parts, passages: [], responder: 'voiceflow', inputTokens: 0, outputTokens: 0, modelId: 'voiceflow', failed: false, toolCalls: [] };
  } catch (error) {
    console.error('[runtime] voiceflow failed:', error instanceof Error ? error.message : 'unknown');
    events.onDelta?.(FAILURE_MESSAGE);
    return { parts: [FAILURE_MESSAGE], passages: [], responder: 'voiceflow', inputTokens: 0, outputTokens: 0, modelId: 'voiceflow', failed: true, toolCalls: [] };
  }
}

async function generatedReply(
  deps: RuntimeDeps,
  prepared: Prepared,
  message: string,
  history: HistoryTurn[],
  isFirstMessage: boolean,
  events: AnswerEvents,
  control: { gate: AdmissionGate; signal: AbortSignal },
): Promise<Reply> {
  const { agent } = prepared;
  const onDelta = control.gate.deltas(events.onDelta);
  const settings = prepared.model ? prepared.llm : null;
  // The built-in lead tool, when the agent collects leads here: offered in every step of a flow too.
  const leadTool = settings
    ? leadToolFor(deps.leads, { region: prepared.region, agent, conversationId: prepared.conversationId, channel: prepared.channel, recording: prepared.recording, pageUrl: prepared.request.pageUrl })
    : null;
  const builtIn = leadTool ? [leadTool] : [];
  // An agent with a flow answers in the conversation's step, with that step's tools (flow-turn.ts).
  const flow = settings
    ? startFlowTurn(agent, prepared.flowStep, message, (toolIds) => loadTools(deps, { ...prepared, agent: { ...agent, assignedToolsIds: [...toolIds] } }), builtIn)
    : null;
  // The agent's tools load while retrieval finishes (only a model can call them).
  const toolsRead = (settings && !flow && usesTools(agent) ? loadTools(deps, prepared) : Promise.resolve([])).then((tools) => [...tools, ...builtIn]);
  // Retrieval ran while the visitor's message was being stored.
  const passages = await (prepared.passages ?? retrieve(deps, prepared.region, agent, message, history));
  if (!settings || !prepared.model) {
    const text = offlineAnswer(passages, usesTools(agent) || flowOffersTools(agent));
    onDelta(text);
    return { parts: [text], passages: passages.slice(0, 2), responder: 'offline', inputTokens: 0, outputTokens: 0, modelId: 'offline', failed: false, toolCalls: [] };
  }
  const model = prepared.model;
  try {
    const input = { agent, passages, history, message, isFirstMessage, pageUrl: prepared.request.pageUrl, lang: prepared.request.lang ?? (agent.lang !== 'automatic' ? agent.lang : undefined) };
    const result = await completeWithTools(
      settings,
      { model, messages: buildMessages(input), temperature: agent.vg_temperature, maxTokens: agent.vg_maxTokens, signal: control.signal },
      flow ? control.gate.offer(flow.offer((step) => systemPrompt({ ...input, step }))) : control.gate.tools(await toolsRead),
      onDelta,
      deps.timing,
    );
    return {
      parts: [result.text], passages, responder: 'llm', inputTokens: result.inputTokens, outputTokens: result.outputTokens, modelId: result.modelId, failed: false,
      toolCalls: [...(flow?.before ?? []), ...result.toolCalls],
      ...(flow ? { flowStep: { id: flow.at().id, name: flowNodeLabel(flow.at()) } } : {}),
    };
  } catch (error) {
    // Stopped because the reservation was refused: the refusal is the answer.
    if (control.signal.aborted) throw error;
    const status = (error as { status?: number }).status ?? (error as { lastError?: { status?: number } }).lastError?.status;
    console.error('[runtime] LLM failed:', error instanceof Error ? error.name : 'unknown', status ?? '');
    onDelta(FAILURE_MESSAGE);
    return { parts: [FAILURE_MESSAGE], passages: [], responder: 'llm', inputTokens: 0, outputTokens: 0, modelId: model, failed: true, toolCalls: [] };
  }
}

/** The agent's tools, or none when they cannot be read (the answer goes on without them). */
async function loadTools(deps: RuntimeDeps, prepared: Pick<Prepared, 'region' | 'agent'>): Promise<OfferedTool[]> {
  try {
    return await deps.tools(deps.db(prepared.region), prepared.agent);
  } catch (error) {
    console.error('[runtime] loading tools failed:', error instanceof Error ? error.message : 'unknown');
    return [];
  }
}
