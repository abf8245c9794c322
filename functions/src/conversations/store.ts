// Reads and writes of conversations. The dashboard listens to these documents (onSnapshot), so a
// write here is all it takes for an open Chats view to update.
import { randomBytes } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import {
  conversationMessageSchema, conversationSchema, paths,
  type Conversation, type ConversationMessage,
} from '@parley/core';
import { parseStored } from '../adapters/stored-data';

const PREVIEW_CHARS = 200;

/** Sortable message id: time first, then randomness against same-millisecond collisions. */
export function newMessageId(ts: number): string {
  return `${ts.toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
}

export function newConversationId(): string {
  return randomBytes(15).toString('base64url');
}

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
}

/** A new conversation, validated, with its message counter at 0. */
function newConversation(input: NewConversation, now: number): Conversation {
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
    visitor: stripUndefined(input.visitor ?? {}),
  });
}

/** A new conversation's fields, without the counters the summary write sets. */
function initialFields(input: NewConversation, now: number): Record<string, unknown> {
  const { messageCount: _count, ...fields } = newConversation(input, now);
  return fields;
}

export async function createConversation(db: Firestore, input: NewConversation, now: number): Promise<Conversation> {
  const conversation = newConversation(input, now);
  try {
    await db.doc(paths.conversation(input.agentId, input.id)).create(conversation);
    return conversation;
  } catch (error) {
    // Another tab (syncBrowser) may have created it a moment earlier: that one wins.
    if ((error as { code?: number }).code !== 6) throw error;
    return (await getConversation(db, input.agentId, input.id)) ?? conversation;
  }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export type MessageInput = Omit<ConversationMessage, 'ID' | 'ts' | 'sources' | 'status'> &
  Partial<Pick<ConversationMessage, 'sources' | 'status'>>;

type SummaryExtra = Partial<Pick<Conversation, 'pageUrl' | 'handoffRequested' | 'handoffRequestedAt' | 'control' | 'operatorUid'>>;

/**
 * Adds messages and the conversation summary's update to `batch` (nothing is written until it commits): the
 * runtime commits the visitor's message together with its credit reservation.
 */
export function stageMessages(
  batch: WriteBatch,
  db: Firestore,
  agentId: string,
  conversationId: string,
  messages: MessageInput[],
  now: number,
  extra: SummaryExtra = {},
  /** A conversation that does not exist yet: created by the same batch (saves a round trip). */
  init?: NewConversation,
): ConversationMessage[] {
  const stored = messages.map((m, i) =>
    conversationMessageSchema.parse(stripUndefined({ ...m, ID: newMessageId(now + i), ts: now + i, sources: m.sources ?? [], status: m.status ?? 'complete' })),
  );
  const last = stored[stored.length - 1];
  for (const m of stored) batch.set(db.doc(`${paths.conversationMessages(agentId, conversationId)}/${m.ID}`), m);
  batch.set(
    db.doc(paths.conversation(agentId, conversationId)),
    {
      ...(init ? initialFields(init, now) : {}),
      updatedAt: now + stored.length,
      ...(last ? { lastMessage: last.text.slice(0, PREVIEW_CHARS), lastMessageAt: last.ts, lastRole: last.role } : {}),
      ...(stored.length ? { messageCount: FieldValue.increment(stored.length) } : {}),
      ...stripUndefined(extra),
    },
    { merge: true },
  );
  return stored;
}

/** Appends messages and updates the conversation summary in one batch. */
export async function appendMessages(
  db: Firestore,
  agentId: string,
  conversationId: string,
  messages: MessageInput[],
  now: number,
  extra: SummaryExtra = {},
  /** A conversation that does not exist yet: created in the same batch (saves a round trip). */
  init?: NewConversation,
): Promise<ConversationMessage[]> {
  const batch = db.batch();
  const stored = stageMessages(batch, db, agentId, conversationId, messages, now, extra, init);
  await batch.commit();
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
export async function recentMessages(db: Firestore, agentId: string, conversationId: string, limit = 40): Promise<ConversationMessage[]> {
  const snap = await db.collection(paths.conversationMessages(agentId, conversationId)).orderBy('ts', 'desc').limit(limit).get();
  return snap.docs.map((d) => parseStored(conversationMessageSchema, d)).reverse();
}

