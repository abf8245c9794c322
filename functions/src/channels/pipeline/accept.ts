// acceptInbound: what every channel webhook calls once it has verified the provider's signature. The message is
// recorded once (by provider message id) and its answer queued; the webhook then acknowledges at once, so a slow
// LLM never makes the provider retry.
import { databaseFor } from '../../adapters/firestore';
import { createEventOnce, deleteEvent, eventIdOf } from './events';
import { threadKeyOf } from './threads';
import type { AnswerQueue } from './queue';
import type { InboundMessage } from './types';

export interface Accepted {
  eventId: string;
  /** false: this message was accepted before (a provider retry or a concurrent duplicate): nothing was queued. */
  queued: boolean;
}

export async function acceptInbound(queue: AnswerQueue, message: InboundMessage, now = Date.now()): Promise<Accepted> {
  const db = databaseFor(message.region);
  const eventId = eventIdOf(message.channel, message.endpointId, message.providerMessageId);
  if (!(await createEventOnce(db, eventId, message, now))) return { eventId, queued: false };
  try {
    await queue.enqueue({ region: message.region, eventId, thread: { agentId: message.agentId, key: threadKeyOf(message) } }, eventId);
  } catch (error) {
    // Not queued: forget the event so the provider's retry (the webhook answers 5xx) is accepted again.
    await deleteEvent(db, eventId).catch(() => undefined);
    throw error;
  }
  return { eventId, queued: true };
}
