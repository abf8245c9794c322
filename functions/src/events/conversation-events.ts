// A conversation's events as the workspace receives them (the composition maps the engine's ConversationEvent kinds
// to their event types): one delivery per message a write stored, a conversation's end once per end (its delivery
// id names the conversation and the end), the others as they come.
import { createHash } from 'node:crypto';
import type { eventsApi } from '@parley/core';
import type { ConversationEvent } from '../conversations';
import type { EventsDeps } from './deps';
import { emitAgentEvents } from './emit';

/** The delivery id of a conversation's end: a second report of the same end (a sweep seeing it twice) sends nothing. */
export const endedDeliveryId = (event: { agentId: string; conversationId: string; endedAt: number }): string =>
  `end_${createHash('sha256').update(`${event.agentId}/${event.conversationId}/${event.endedAt}`).digest('base64url').slice(0, 40)}`;

function payloadsOf(event: ConversationEvent): Array<Record<string, unknown>> {
  const base = { conversationId: event.conversationId, region: event.region };
  switch (event.kind) {
    case 'message':
      return event.messages.map((m) => ({ ...base, role: m.role, text: m.text }));
    case 'ended':
      return [{ ...base, endedAt: event.endedAt }];
    case 'lead':
      // A conversation holds one lead, named by the conversation's id.
      return [{ ...base, leadId: event.conversationId }];
    default:
      return [base];
  }
}

/** Queues the event's deliveries when the agent's workspace wants `type`. Never throws. */
export async function emitConversationEvent(deps: EventsDeps, type: eventsApi.EventType, event: ConversationEvent): Promise<void> {
  const payloads = payloadsOf(event);
  if (payloads.length === 0) return;
  await emitAgentEvents(
    deps,
    { region: event.region, agentId: event.agentId, workspaceId: event.workspaceId, type, payloads },
    event.kind === 'ended' ? { onceIds: [endedDeliveryId(event)] } : {},
  );
}
