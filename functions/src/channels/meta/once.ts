// Once-only handling of a Meta message that does not go through the answer pipeline (a picture gets the polite
// text fallback): the same channelEvents/{id} create-once the pipeline uses, so a retried delivery does nothing.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { eventIdOf, type ChannelKind } from '../pipeline';

const RETENTION_MS = 7 * 24 * 3600 * 1000;

export async function firstDelivery(db: Firestore, channel: ChannelKind, endpointId: string, providerMessageId: string, now = Date.now()): Promise<boolean> {
  try {
    await db.doc(paths.channelEvent(eventIdOf(channel, endpointId, providerMessageId))).create({
      channel, endpointId, providerMessageId, state: 'done', kind: 'fallback', receivedAt: now, expireAt: new Date(now + RETENTION_MS),
    });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 6) return false;
    throw error;
  }
}
