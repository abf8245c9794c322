// What the runtime, the visitor's endpoints and the channels tell about a conversation as they cause it: it was
// created (its first write), its visitor asked for a human, or its first lead was saved (functions/src/leads). the composition wires the one implementation (the
// workspace's and the agent's clients' notification, clients feature); tests and benches may pass their own.
import type { Region } from '@parley/core';

export interface ConversationEvent {
  kind: 'conversation' | 'handoff' | 'lead';
  region: Region;
  agentId: string;
  conversationId: string;
}

/** Awaited by the caller, never throws: a failed notification is logged and the request it belongs to goes on. */
export type ConversationNotifier = (event: ConversationEvent) => Promise<void>;
