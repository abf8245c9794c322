// What the runtime, the visitor's endpoints and the channels tell about a conversation as they cause it: it was
// created (its first write), its visitor asked for a human, or its first lead was saved (functions/src/leads); its
// messages were stored (the answer's write); it ended (idle, or its call ended). The composition wires the one
// implementation (the workspace's and the agent's clients' notification, clients feature; the workspace's outgoing
// events, events feature); tests and benches may pass their own.
import type { ConversationMessage, Region } from '@parley/core';

interface ConversationEventBase {
  region: Region;
  agentId: string;
  conversationId: string;
  /** The agent's workspace, when the caller holds it (the events feature then need not read the agent). */
  workspaceId?: string;
}

/** The events the agent's clients are told of too (notifications, e-mails). */
export type ClientConversationEvent = ConversationEventBase & { kind: 'conversation' | 'handoff' | 'lead' };

export type ConversationEvent =
  | ClientConversationEvent
  /** Messages stored by one write, in order (each becomes one `message.created`). */
  | (ConversationEventBase & { kind: 'message'; messages: Array<Pick<ConversationMessage, 'role' | 'text'>> })
  /** The conversation ended at `endedAt` (its last message, or its call's end): told once per end. */
  | (ConversationEventBase & { kind: 'ended'; endedAt: number });

/** Awaited by the caller, never throws: a failed notification is logged and the request it belongs to goes on. */
export type ConversationNotifier = (event: ConversationEvent) => Promise<void>;
