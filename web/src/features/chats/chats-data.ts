// Reads of an agent's conversations (Firestore lite, allowed by the rules to the agent's members and
// clients with /convos) and the operator calls. Schema: @parley/core (core/src/schemas/conversation.ts).
import { collection, doc, getDoc, getDocs, limit, orderBy, query } from 'firebase/firestore/lite';
import { db } from '../../lib/firestore';
import { callFunction } from '../../lib/functions';
import type { Region } from '../../lib/region';

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

export const chatKeys = {
  marker: (region: Region, agentId: string) => ['chats', region, agentId, 'marker'] as const,
  list: (region: Region, agentId: string) => ['chats', region, agentId, 'list'] as const,
  transcript: (region: Region, agentId: string, id: string) => ['chats', region, agentId, 'transcript', id] as const,
};

/** The change marker: polled every few seconds, one read while nothing changes. */
export async function readMarker(region: Region, agentId: string): Promise<number> {
  const snap = await getDoc(doc(db(region), `voiceglow/${agentId}/markers/conversations`));
  return snap.exists() ? Number(snap.get('changedAt') ?? 0) : 0;
}

/** Conversations with at least one message, newest first. */
export async function listConversations(region: Region, agentId: string, max = 100): Promise<ConversationSummary[]> {
  const snap = await getDocs(query(collection(db(region), `voiceglow/${agentId}/conversations`), orderBy('lastMessageAt', 'desc'), limit(max)));
  return snap.docs
    .map((d) => ({ messageCount: 0, control: 'ai', handoffRequested: false, lastMessage: '', ...d.data(), ID: d.id }) as ConversationSummary)
    .filter((c) => c.messageCount > 0);
}

export async function readTranscript(region: Region, agentId: string, conversationId: string): Promise<TranscriptMessage[]> {
  const snap = await getDocs(query(collection(db(region), `voiceglow/${agentId}/conversations/${conversationId}/messages`), orderBy('ts', 'asc'), limit(500)));
  return snap.docs.map((d) => ({ ...d.data(), ID: d.id }) as TranscriptMessage);
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
