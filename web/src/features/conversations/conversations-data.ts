// Live views of an agent's conversations (onSnapshot; the rules let the agent's members and clients with
// /convos read them) and the operator calls. Schema: @parley/core (core/src/schemas/conversation.ts).
import type { DocumentData, DocumentSnapshot, QuerySnapshot } from 'firebase/firestore';
import { docSnapshots, querySnapshots, type LiveSource } from '../../lib/firestore-live';
import { callFunction } from '../../lib/functions';
import type { Region } from '../../lib/region';

/** Newest conversations the list shows. */
export const LIST_LIMIT = 100;
/** The open transcript keeps its latest messages. */
export const TRANSCRIPT_LIMIT = 500;

export interface ConversationSummary {
  ID: string;
  channel: string;
  createdAt: number;
  updatedAt: number;
  lastMessage: string;
  lastMessageAt: number;
  lastRole?: string;
  messageCount: number;
  control: 'ai' | 'human';
  handoffRequested: boolean;
  operatorUid?: string;
  pageUrl?: string;
  visitor?: { browser?: string; lang?: string; countryCode?: string };
}

export interface TranscriptMessage {
  ID: string;
  role: 'user' | 'assistant' | 'operator' | 'system';
  text: string;
  ts: number;
  responder?: string;
  status?: 'complete' | 'failed';
  sources?: Array<{ docId: string; name: string; excerpt: string; score: number }>;
}

export const conversationKeys = {
  list: (region: Region, agentId: string) => ['conversations', region, agentId, 'list'] as const,
  conversation: (region: Region, agentId: string, id: string) => ['conversations', region, agentId, 'conversation', id] as const,
  transcript: (region: Region, agentId: string, id: string) => ['conversations', region, agentId, 'transcript', id] as const,
};

function toSummary(d: DocumentSnapshot<DocumentData>): ConversationSummary {
  return { messageCount: 0, control: 'ai', handoffRequested: false, lastMessage: '', ...d.data(), ID: d.id } as ConversationSummary;
}

/** Conversations with at least one message, newest first (a conversation is created before its first message). */
export function conversationsFromSnapshot(snap: QuerySnapshot<DocumentData>): ConversationSummary[] {
  return snap.docs.map(toSummary).filter((c) => c.messageCount > 0);
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
    (snap) => snap.docs.map((d) => ({ ...d.data(), ID: d.id }) as TranscriptMessage),
  );
}

/** Matches the search box against the preview, the page and the conversation id. */
export function matchesSearch(c: ConversationSummary, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [c.lastMessage, c.pageUrl ?? '', c.ID, c.visitor?.countryCode ?? ''].some((v) => v.toLowerCase().includes(t));
}

export function sendOperatorMessage(input: { region: Region; agentId: string; conversationId: string; text: string }) {
  return callFunction<typeof input, { control: 'human' }>('sendOperatorMessage', input);
}

export function setConversationControl(input: { region: Region; agentId: string; conversationId: string; control: 'ai' | 'human' }) {
  return callFunction<typeof input, { control: 'ai' | 'human' }>('setConversationControl', input);
}
