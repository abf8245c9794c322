// The answer task: claims an inbound event, produces the agent's reply through the conversation runtime (credits
// reserved and metered from the workspace's wallet, the conversation stored under the agent with its channel and
// user, silent while an operator has it, the launch message first when smartInit is off), records the reply on
// the event, then sends it through the channel's sender. A retried task resends a recorded reply instead of
// answering (and charging) again.
import { channelsApi, conversationsApi, paths } from '@parley/core';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { appendMessages, getConversation, prepareAnswer, runAnswer, runtimeAgent, StopError, type RuntimeDeps } from '../../conversations';
import { logAgentFailure, platformLogs } from '../../logs';
import type { AnswerTask, ChannelEvent } from './events';
import type { ChannelSenders } from './senders';
import { ensureThread, setThreadNotice, threadKeyOf, type Thread } from './threads';
import { ChannelSendError, type ChannelTarget } from './types';

/** How long a task's claim on an event holds (longer than one attempt may run). */
export const CLAIM_MS = 180_000;

/** What answering a channel's event needs: the conversation engine and the channels' senders (the composition's). */
export interface PipelineDeps {
  engine: RuntimeDeps;
  senders: ChannelSenders;
}

/** Retry later: another attempt holds the event. */
export class EventBusyError extends Error {}

async function claim(db: Firestore, eventId: string, now: number): Promise<ChannelEvent | null> {
  const ref = db.doc(paths.channelEvent(eventId));
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const event = snap.data() as ChannelEvent;
    if (event.state === 'done' || event.state === 'failed') return null;
    if (event.state === 'answering' && (event.leaseUntil ?? 0) > now) throw new EventBusyError(`event ${eventId} is being answered`);
    tx.update(ref, { state: 'answering', leaseUntil: now + CLAIM_MS, attempts: (event.attempts ?? 0) + 1 });
    return event;
  });
}

const targetOf = (event: ChannelEvent): ChannelTarget =>
  ({ region: event.region, agentId: event.agentId, endpointId: event.endpointId, userId: event.userId, ...(event.context ? { context: event.context } : {}) });

export async function answerEvent(pipeline: PipelineDeps, task: AnswerTask): Promise<void> {
  const deps = pipeline.engine;
  const db = deps.db(task.region);
  const ref = db.doc(paths.channelEvent(task.eventId));
  // The thread is read while the event is claimed (one round trip less before the runtime starts).
  const early = task.thread ? db.doc(paths.channelThread(task.thread.agentId, task.thread.key)).get().catch(() => undefined) : undefined;
  const event = await claim(db, task.eventId, deps.now());
  if (!event) return;
  try {
    const sender = pipeline.senders[event.channel];
    if (!sender) {
      console.error(`[channels] no sender for ${event.channel}`);
      await ref.update({ state: 'failed', leaseUntil: null });
      return;
    }
    const target = targetOf(event);
    let reply = event.reply;
    if (!reply) {
      void sender.typing?.(target).catch(() => undefined);
      reply = await produceReply(pipeline, event, early);
      await ref.update({ reply, sent: 0 });
    }
    for (let i = event.sent ?? 0; i < reply.length; i++) await sender.sendText(target, reply[i]!);
    await ref.update({ state: 'done', sent: reply.length, answeredAt: deps.now(), leaseUntil: null });
  } catch (error) {
    if (error instanceof ChannelSendError && !error.retryable) {
      console.warn(`[channels] ${event.channel} refused the reply: ${error.message}`);
      await ref.update({ state: 'failed', leaseUntil: null });
      // The workspace sees it in its logs (a revoked token, a blocked bot …): it is theirs to fix.
      await logAgentFailure(platformLogs(), db, { agentId: event.agentId, channel: event.channel, content: `${event.channel} refused the reply: ${error.message}` });
      return;
    }
    // Let the queue retry: the claim is given back first.
    await ref.update({ state: 'queued', leaseUntil: null }).catch(() => undefined);
    throw error;
  }
}

/** The texts to send for the event (empty while an operator has the conversation). */
async function produceReply(pipeline: PipelineDeps, event: ChannelEvent, early?: Promise<DocumentSnapshot | undefined>): Promise<string[]> {
  const deps = pipeline.engine;
  const db = deps.db(event.region);
  const agent = await runtimeAgent(deps, event.region, event.agentId);
  const now = deps.now();
  const read = (await early) ?? (await db.doc(paths.channelThread(event.agentId, threadKeyOf(event))).get());
  // A new user's name, for a channel that must ask the provider for it: once, when the thread is created.
  const lookup = read.exists ? undefined : pipeline.senders[event.channel]?.displayName;
  const named = lookup ? { ...event, userName: (await lookup(targetOf(event), event.channel)) || event.userName } : event;
  const { key, thread, created } = await ensureThread(db, named, agent.ownerID, now, read);
  const conversationId = thread.conversationId;
  // The first message created the conversation: the workspace and the agent's clients are told once (never throws).
  // Told while the agent answers (a few reads, writes, maybe e-mails), not before it; awaited before the reply goes out.
  const told = created ? deps.notify({ kind: 'conversation', region: event.region, agentId: event.agentId, conversationId }) : undefined;
  try {
    return await answerParts(deps, event, agent, key, thread, created, now);
  } finally {
    await told;
  }
}

async function answerParts(
  deps: RuntimeDeps,
  event: ChannelEvent,
  agent: Awaited<ReturnType<typeof runtimeAgent>>,
  key: string,
  thread: Thread,
  created: boolean,
  now: number,
): Promise<string[]> {
  const db = deps.db(event.region);
  const conversationId = thread.conversationId;
  const parts: string[] = [];
  const options = { channel: event.channel } as const;
  if (created && !agent.smartInit) {
    const launch = await prepareAnswer(deps, event.region, event.agentId, { conversationId, action: 'launch', stream: false }, options);
    parts.push(...(await runAnswer(deps, launch)).parts);
  }
  const message = event.text.trim().slice(0, conversationsApi.MAX_CHAT_MESSAGE_CHARS);
  try {
    const prepared = await prepareAnswer(deps, event.region, event.agentId, { conversationId, action: 'text', message, stream: false }, options);
    const result = await runAnswer(deps, prepared);
    parts.push(...result.parts);
    if (thread.noticeAt && result.responder && !result.failed) await setThreadNotice(db, event.agentId, key, null);
    return parts;
  } catch (error) {
    if (!(error instanceof StopError)) throw error;
    // The agent may not answer (no credits, a cap): the message is kept for the team; the user is told once (the
    // runtime has told the owner when credits ran out).
    const conversation = await getConversation(db, event.agentId, conversationId);
    const stored = [{ role: 'user' as const, text: message }];
    const tell = conversation?.control !== 'human' && !thread.noticeAt;
    const notice = error.reason === 'credits' ? channelsApi.CHANNEL_TEXTS.noCredits : error.message;
    await appendMessages(db, { agentId: event.agentId, id: conversationId }, tell ? [...stored, { role: 'assistant' as const, text: notice, responder: 'notice' as const }] : stored, deps.now());
    if (!tell) return parts;
    await setThreadNotice(db, event.agentId, key, now);
    return [...parts, notice];
  }
}
