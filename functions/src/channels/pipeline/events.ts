// channelEvents/{eventId}: one inbound message, created once (a create with the precondition "does not exist"),
// so a provider's retries and concurrent deliveries of the same message find it there and go no further. The
// answer task claims it, records the reply before sending it, and marks it done: a retried task resends what is
// left instead of answering again. Function-only (firestore.rules); holds the message and its reply context.
import { createHash } from 'node:crypto';
import { paths, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { ChannelKind, InboundMessage } from './types';

export type EventState = 'queued' | 'answering' | 'done' | 'failed';

export interface ChannelEvent extends InboundMessage {
  state: EventState;
  receivedAt: number;
  attempts: number;
  /** While a task answers: until when the claim holds (a crashed attempt's claim runs out). */
  leaseUntil?: number;
  /** The texts to send, fixed once the runtime answered; `sent` of them went out. */
  reply?: string[];
  sent?: number;
  answeredAt?: number;
  /** For a Firestore TTL policy (events are kept a week: longer than any provider retries). */
  expireAt: Date;
}

export const EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** The event's id: the channel and a hash of endpoint and provider message id (Cloud Tasks' id alphabet). */
export function eventIdOf(channel: ChannelKind, endpointId: string, providerMessageId: string): string {
  const hash = createHash('sha256').update(`${endpointId}\n${providerMessageId}`).digest('base64url').slice(0, 40);
  return `${channel}_${hash}`;
}

/** Creates the event; false when it exists already (the same message was delivered before). */
export async function createEventOnce(db: Firestore, eventId: string, message: InboundMessage, now: number): Promise<boolean> {
  const event: ChannelEvent = {
    ...message,
    ...(message.context ? { context: message.context } : {}),
    state: 'queued',
    receivedAt: now,
    attempts: 0,
    expireAt: new Date(now + EVENT_RETENTION_MS),
  };
  try {
    await db.doc(paths.channelEvent(eventId)).create(stripUndefined(event));
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 6) return false; // ALREADY_EXISTS
    throw error;
  }
}

export async function deleteEvent(db: Firestore, eventId: string): Promise<void> {
  await db.doc(paths.channelEvent(eventId)).delete();
}

export interface AnswerTask {
  region: Region;
  eventId: string;
  /** The user's thread (agent and threadKeyOf), read while the event is claimed instead of after it. */
  thread?: { agentId: string; key: string };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
