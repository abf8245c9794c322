// Reads and writes of conversations. The dashboard listens to these documents (onSnapshot), so a
// write here is all it takes for an open Chats view to update.
import { randomBytes } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  conversationMessageSchema, conversationSchema, paths,
  type Conversation, type ConversationMessage,
} from '@parley/core';
import { commitWrites, type DocumentWrite } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { conversationRollupWrite, type ConversationEvent } from '../insights';

const PREVIEW_CHARS = 200;

/** Sortable message id: time first, then randomness against same-millisecond collisions. */
export function newMessageId(ts: number): string {
  return `${ts.toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
}

export function newConversationId(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * One conversation of an agent. The owner's test chats (the dashboard's debugger, channel `test`) are kept apart from
 * real ones (paths.testConversation), so Chats, analytics, billing and the operator never see them.
 */
export interface ConversationRef {
  agentId: string;
  id: string;
  test?: boolean;
}

/** The conversation of a channel: a test chat's is kept apart. */
export const conversationRef = (agentId: string, id: string, channel: Conversation['channel']): ConversationRef =>
  channel === 'test' ? { agentId, id, test: true } : { agentId, id };

export const conversationPath = (ref: ConversationRef): string =>
  ref.test ? paths.testConversation(ref.agentId, ref.id) : paths.conversation(ref.agentId, ref.id);

const messagesPath = (ref: ConversationRef): string =>
  ref.test ? paths.testConversationMessages(ref.agentId, ref.id) : paths.conversationMessages(ref.agentId, ref.id);

/** A real conversation (the widget's, a channel's); test chats are read only by the engine that answers them. */
export async function getConversation(db: Firestore, agentId: string, id: string): Promise<Conversation | null> {
  return conversationOf(await db.doc(paths.conversation(agentId, id)).get());
}

/** The conversation a snapshot of paths.conversation holds (read alone, or with other documents in one getAll). */
export const conversationOf = (snap: DocumentSnapshot): Conversation | null => (snap.exists ? parseStored(conversationSchema, snap) : null);

export interface NewConversation {
  agentId: string;
  ownerID: string;
  id: string;
  channel: Conversation['channel'];
  pageUrl?: string;
  visitor?: Conversation['visitor'];
  /** The channel user a channel's conversation belongs to (Telegram, WhatsApp …). */
  channelUser?: Conversation['channelUser'];
  /** A call's summary (channels phone and webcall). */
  call?: Conversation['call'];
}

/**
 * A new conversation, validated, with its message counter at 0: the one shape every conversation starts with, whether
 * the widget's first write, a channel's first message or the API creates it.
 */
export function newConversation(input: NewConversation, now: number): Conversation {
  return conversationSchema.parse({
    ID: input.id,
    agentId: input.agentId,
    ownerID: input.ownerID,
    channel: input.channel,
    createdAt: now,
    updatedAt: now,
    lastMessage: '',
    lastMessageAt: now,
    messageCount: 0,
    control: 'ai',
    handoffRequested: false,
    ...(input.pageUrl ? { pageUrl: input.pageUrl } : {}),
    ...(input.channelUser ? { channelUser: input.channelUser } : {}),
    ...(input.call ? { call: input.call } : {}),
    visitor: stripUndefined(input.visitor ?? {}),
  });
}

/** A new conversation's fields, without the counters the summary write sets. */
function initialFields(input: NewConversation, now: number): Record<string, unknown> {
  const { messageCount: _count, ...fields } = newConversation(input, now);
  return fields;
}

/**
 * Creates a conversation with `together` (e.g. a channel's thread) in one commit, each with a "does not exist"
 * precondition: a concurrent creator's ALREADY_EXISTS (code 6) reaches the caller, who reads the winner's.
 */
export async function createConversation(db: Firestore, input: NewConversation, now: number, together: readonly DocumentWrite[] = []): Promise<Conversation> {
  const creation = conversationCreation(input, now);
  const batch = db.batch();
  for (const write of together) batch.create(db.doc(write.path), write.data);
  batch.create(db.doc(creation.path), creation.conversation);
  for (const write of creation.counted) batch.set(db.doc(write.path), write.data, { merge: true });
  await batch.commit();
  return creation.conversation;
}

/**
 * What creating a conversation writes — the conversation (to create: "does not exist") and the rollup's count (merged)
 * — for a caller committing it in a transaction of its own (createConversation commits it in a batch).
 */
export function conversationCreation(input: NewConversation, now: number): { path: string; conversation: Conversation; counted: DocumentWrite[] } {
  const counted = input.channel === 'test' ? null : conversationRollupWrite(input.agentId, [], now, { created: input.channel });
  return { path: conversationPath(conversationRef(input.agentId, input.id, input.channel)), conversation: newConversation(input, now), counted: counted ? [counted] : [] };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export type MessageInput = Omit<ConversationMessage, 'ID' | 'ts' | 'sources' | 'status'> &
  Partial<Pick<ConversationMessage, 'sources' | 'status'>>;

type SummaryExtra = Partial<Pick<Conversation, 'pageUrl' | 'handoffRequested' | 'handoffRequestedAt' | 'control' | 'operatorUid' | 'flowStep'>>;

/**
 * The writes that add messages and update the conversation summary (nothing is written yet): the engine commits the
 * visitor's message with its credit reservation, appendMessages commits them alone.
 */
export function messageWrites(
  ref: ConversationRef,
  messages: MessageInput[],
  now: number,
  extra: SummaryExtra = {},
  /** A conversation that does not exist yet: created by the same commit (saves a round trip). */
  init?: NewConversation,
  /** What else the write counts in the agent's daily rollup (a test chat counts nowhere). */
  event: ConversationEvent = {},
): { stored: ConversationMessage[]; writes: DocumentWrite[] } {
  const stored = messages.map((m, i) =>
    conversationMessageSchema.parse(stripUndefined({ ...m, ID: newMessageId(now + i), ts: now + i, sources: m.sources ?? [], status: m.status ?? 'complete' })),
  );
  const last = stored[stored.length - 1];
  const writes: DocumentWrite[] = stored.map((m) => ({ path: `${messagesPath(ref)}/${m.ID}`, data: m }));
  writes.push({
    path: conversationPath(ref),
    data: {
      ...(init ? initialFields(init, now) : {}),
      updatedAt: now + stored.length,
      ...(last ? { lastMessage: last.text.slice(0, PREVIEW_CHARS), lastMessageAt: last.ts, lastRole: last.role } : {}),
      ...(stored.length ? { messageCount: FieldValue.increment(stored.length) } : {}),
      ...stripUndefined(extra),
      // Chats' "handed off" filter: set once a handoff is requested or a team member takes over, never cleared.
      ...(extra.handoffRequested === true || extra.control === 'human' ? { handedOff: true } : {}),
    },
    merge: true,
  });
  // The agent's day counts the messages, a new conversation and a handoff in the same commit.
  const counted = ref.test ? null : conversationRollupWrite(ref.agentId, stored, now, {
    ...event, ...(init ? { created: init.channel } : {}), ...(extra.handoffRequested === true ? { handoffRequested: true } : {}),
  });
  if (counted) writes.push(counted);
  return { stored, writes };
}

/** Appends messages and updates the conversation summary in one commit (the writes messageWrites describes). */
export async function appendMessages(db: Firestore, ...message: Parameters<typeof messageWrites>): Promise<ConversationMessage[]> {
  const { stored, writes } = messageWrites(...message);
  await commitWrites(db, writes);
  return stored;
}

/** Changes the conversation's state (takeover, hand-back, handoff request). */
export async function updateConversation(
  db: Firestore,
  agentId: string,
  conversationId: string,
  patch: Partial<Pick<Conversation, 'control' | 'handoffRequested' | 'handoffRequestedAt' | 'operatorUid' | 'pageUrl'>>,
  now: number,
): Promise<void> {
  await db.doc(paths.conversation(agentId, conversationId)).set({ ...stripUndefined(patch), updatedAt: now }, { merge: true });
}

/** Messages newer than `since` (unix ms), oldest first. */
export async function messagesSince(db: Firestore, agentId: string, conversationId: string, since: number, limit = 200): Promise<ConversationMessage[]> {
  const snap = await db
    .collection(paths.conversationMessages(agentId, conversationId))
    .where('ts', '>', since)
    .orderBy('ts', 'asc')
    .limit(limit)
    .get();
  return snap.docs.map((d) => parseStored(conversationMessageSchema, d));
}

/** The last `limit` messages, oldest first (the LLM's history). */
export async function recentMessages(db: Firestore, ref: ConversationRef, limit = 40): Promise<ConversationMessage[]> {
  const snap = await db.collection(messagesPath(ref)).orderBy('ts', 'desc').limit(limit).get();
  return snap.docs.map((d) => parseStored(conversationMessageSchema, d)).reverse();
}

