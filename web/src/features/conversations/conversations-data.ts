// Live views of an agent's conversations (onSnapshot; the rules let the agent's members and clients with
// /convos read them) and the operator calls. Schema: @parley/core (core/src/schemas/conversation.ts).
import type { DocumentData, DocumentSnapshot, QuerySnapshot } from 'firebase/firestore';
import {
  conversationsApi, storedConversationMessageSchema, storedConversationSchema, type CallableInput, type Conversation, type ConversationMessage,
  type Region,
} from '@parley/core';
import { docSnapshots, querySnapshots, type LiveSource } from '../../lib/firestore-live';
import { callFunction } from '../../lib/functions';

/** Newest conversations the list shows. */
export const LIST_LIMIT = 100;
/** The open transcript keeps its latest messages. */
export const TRANSCRIPT_LIMIT = 500;

/** A conversation as the list and the open conversation show it (core's conversation document). */
export type ConversationSummary = Conversation;
export type TranscriptMessage = ConversationMessage;

export const conversationKeys = {
  list: (region: Region, agentId: string) => ['conversations', region, agentId, 'list'] as const,
  conversation: (region: Region, agentId: string, id: string) => ['conversations', region, agentId, 'conversation', id] as const,
  transcript: (region: Region, agentId: string, id: string) => ['conversations', region, agentId, 'transcript', id] as const,
};

/** A stored conversation with the schema's defaults filled in; null for a document that is not one. */
function toSummary(d: DocumentSnapshot<DocumentData>): ConversationSummary | null {
  const parsed = storedConversationSchema.safeParse({ ...d.data(), ID: d.id });
  return parsed.success ? parsed.data : null;
}

/** Conversations with at least one message, newest first (a conversation is created before its first message). */
export function conversationsFromSnapshot(snap: QuerySnapshot<DocumentData>): ConversationSummary[] {
  return snap.docs.map(toSummary).filter((c): c is ConversationSummary => !!c && c.messageCount > 0);
}

export function liveConversations(region: Region, agentId: string): LiveSource<ConversationSummary[]> {
  return querySnapshots(
    region,
    ({ sdk, db }) => sdk.query(sdk.collection(db, 'voiceglow', agentId, 'conversations'), sdk.orderBy('lastMessageAt', 'desc'), sdk.limit(LIST_LIMIT)),
    conversationsFromSnapshot,
  );
}

/** One conversation: its takeover state (control, operatorUid) and handoff request; null once deleted. */
export function liveConversation(region: Region, agentId: string, conversationId: string): LiveSource<ConversationSummary | null> {
  return docSnapshots(
    region,
    ({ sdk, db }) => sdk.doc(db, 'voiceglow', agentId, 'conversations', conversationId),
    (snap) => (snap.exists() ? toSummary(snap) : null),
  );
}

export function liveTranscript(region: Region, agentId: string, conversationId: string): LiveSource<TranscriptMessage[]> {
  return querySnapshots(
    region,
    ({ sdk, db }) =>
      sdk.query(sdk.collection(db, 'voiceglow', agentId, 'conversations', conversationId, 'messages'), sdk.orderBy('ts', 'asc'), sdk.limitToLast(TRANSCRIPT_LIMIT)),
    (snap) =>
      snap.docs.flatMap((d) => {
        const parsed = storedConversationMessageSchema.safeParse({ ...d.data(), ID: d.id });
        return parsed.success ? [parsed.data] : [];
      }),
  );
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
