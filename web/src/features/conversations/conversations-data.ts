// Live views of an agent's conversations (onSnapshot; the rules let the agent's members and clients with
// /convos read them) and the operator calls. Schema: @parley/core (core/src/schemas/conversation.ts).
import { collection, doc, limit, limitToLast, orderBy, query, type Firestore } from 'firebase/firestore';
import {
  conversationsApi, storedConversationMessageSchema, storedConversationSchema, type CallableInput, type Conversation, type ConversationMessage,
} from '@parley/core';
import type { LiveRow } from '../../lib/live-data';
import { callFunction } from '../../lib/functions';

/** Newest conversations the list shows. */
export const LIST_LIMIT = 100;
/** The open transcript keeps its latest messages. */
export const TRANSCRIPT_LIMIT = 500;

/** A conversation as the list and the open conversation show it (core's conversation document). */
export type ConversationSummary = Conversation;
export type TranscriptMessage = ConversationMessage;

/** A stored conversation with the schema's defaults filled in; null for a document that is not one. */
function toSummary(row: LiveRow): ConversationSummary | null {
  const parsed = storedConversationSchema.safeParse(row);
  return parsed.success ? parsed.data : null;
}

/** Conversations with at least one message, newest first (a conversation is created before its first message). */
export function toConversations(rows: LiveRow[]): ConversationSummary[] {
  return rows.map(toSummary).filter((c): c is ConversationSummary => !!c && c.messageCount > 0);
}

/** One conversation (its takeover state and handoff request); null once deleted. */
export const toConversation = (row: LiveRow | undefined): ConversationSummary | null => (row ? toSummary(row) : null);

export function toTranscript(rows: LiveRow[]): TranscriptMessage[] {
  return rows.flatMap((row) => {
    const parsed = storedConversationMessageSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

export function conversationsQuery(db: Firestore, agentId: string) {
  return query(collection(db, 'voiceglow', agentId, 'conversations'), orderBy('lastMessageAt', 'desc'), limit(LIST_LIMIT));
}

export function conversationRef(db: Firestore, agentId: string, conversationId: string) {
  return doc(db, 'voiceglow', agentId, 'conversations', conversationId);
}

export function transcriptQuery(db: Firestore, agentId: string, conversationId: string) {
  return query(collection(db, 'voiceglow', agentId, 'conversations', conversationId, 'messages'), orderBy('ts', 'asc'), limitToLast(TRANSCRIPT_LIMIT));
}

/** Matches the search box against the preview, the page and the conversation id. */
export function matchesSearch(c: ConversationSummary, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [c.lastMessage, c.pageUrl ?? '', c.ID, c.visitor?.countryCode ?? ''].some((v) => v.toLowerCase().includes(t));
}

export function sendOperatorMessage(input: CallableInput<typeof conversationsApi.sendOperatorMessage>) {
  return callFunction(conversationsApi.sendOperatorMessage, input);
}

export function setConversationControl(input: CallableInput<typeof conversationsApi.setConversationControl>) {
  return callFunction(conversationsApi.setConversationControl, input);
}
