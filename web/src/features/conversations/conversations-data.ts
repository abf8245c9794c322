// Live views of an agent's conversations (the queries ConversationsPage listens to through lib/live-data; the
// rules let the agent's members and clients with /convos read them) and the operator calls. Schema: @parley/core
// (core/src/schemas/conversation.ts).
import { collection, doc, getDocs, limit, limitToLast, orderBy, query, where, type Firestore } from 'firebase/firestore';
import {
  CONVERSATION_IDLE_END_MS, conversationsApi, leadSearchTerm, LISTED_CHANNELS, storedConversationMessageSchema, storedConversationSchema,
  type CallableInput, type Conversation, type ConversationMessage, type ListFilters,
} from '@parley/core';
import { ID_FIELD, type LiveRow } from '../../lib/live-data';
import { callFunction } from '../../lib/functions';
import { timeRange } from '../../lib/list-filters';

/** Conversations per page: the newest page is live, older ones are read when asked for. */
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

export interface ChatsWindow {
  filters: ListFilters;
  /** Only conversations whose last message is before this time (unix ms): the previous page's last row. */
  before: number;
  /** The time "open" and "ended" are measured from (fixed while the filters stay the same). */
  now: number;
}

/**
 * One page of an agent's conversations, newest first, as the filters select them: the channel and the date range
 * (of the last message) always; a search term matches the lead's name, e-mail or phone (searchTerms); the status
 * (handed off, or open/ended: a message within CONVERSATION_IDLE_END_MS or not) and the lead filter otherwise.
 * Conversations recorded before these fields existed carry no handedOff/hasLead and show only without those filters.
 */
export function chatsQuery(db: Firestore, agentId: string, { filters, before, now }: ChatsWindow) {
  const conversations = collection(db, 'voiceglow', agentId, 'conversations');
  const channels = filters.channel ? [filters.channel] : [...LISTED_CHANNELS];
  const range = timeRange(filters);
  const idleSince = now - CONVERSATION_IDLE_END_MS;
  const from = filters.status === 'open' ? Math.max(range.from, idleSince) : range.from;
  const upper = Math.min(before, range.to, filters.status === 'ended' ? idleSince : Number.MAX_SAFE_INTEGER);
  if (filters.q) {
    const term = leadSearchTerm(filters.q);
    return query(conversations, where('searchTerms', 'array-contains', term), where('channel', 'in', channels), where('lastMessageAt', '>=', from), where('lastMessageAt', '<', upper), orderBy('lastMessageAt', 'desc'), limit(LIST_LIMIT));
  }
  if (!filters.status && !filters.lead) {
    return query(conversations, where('channel', 'in', channels), where('lastMessageAt', '>=', from), where('lastMessageAt', '<', upper), orderBy('lastMessageAt', 'desc'), limit(LIST_LIMIT));
  }
  const handedOff = filters.status === 'handedOff' ? [true] : filters.status ? [false] : [true, false];
  const hasLead = filters.lead === 'with' ? [true] : filters.lead === 'without' ? [false] : [true, false];
  return query(
    conversations,
    where('channel', 'in', channels), where('handedOff', 'in', handedOff), where('hasLead', 'in', hasLead),
    where('lastMessageAt', '>=', from), where('lastMessageAt', '<', upper), orderBy('lastMessageAt', 'desc'), limit(LIST_LIMIT),
  );
}

/** Whether a conversation passes the status and lead filters (a search's results are narrowed by them here). */
export function passesFilters(c: ConversationSummary, filters: ListFilters, now: number): boolean {
  if (filters.lead && c.hasLead !== (filters.lead === 'with')) return false;
  if (filters.status === 'handedOff') return c.handedOff;
  if (filters.status === 'open') return !c.handedOff && c.lastMessageAt >= now - CONVERSATION_IDLE_END_MS;
  if (filters.status === 'ended') return !c.handedOff && c.lastMessageAt < now - CONVERSATION_IDLE_END_MS;
  return true;
}

/** An older page (getDocs: only the newest page is live). */
export async function fetchChats(db: Firestore, agentId: string, window: ChatsWindow): Promise<ConversationSummary[]> {
  const snap = await getDocs(chatsQuery(db, agentId, window));
  return toConversations(snap.docs.map((d) => ({ ...d.data(), [ID_FIELD]: d.id }) as LiveRow));
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
