// Deliveries: users/{uid}/eventDeliveries/{deliveryId}, one per event sent (or replayed, or tested), written by
// functions only: the exact body that is signed, the endpoint it goes to, and every attempt (time, HTTP status,
// the start of the answer). The delivery's id is its `webhook-id`.
import { eventsApi, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { parseStored } from '../adapters/stored-data';
import { filterKeysOf, type FilteredList } from '../logs';

export const EVENT_DELIVERIES = 'eventDeliveries' satisfies FilteredList;
export const deliveriesPath = (workspaceId: string) => `${paths.user(workspaceId)}/${EVENT_DELIVERIES}`;
export const deliveryPath = (workspaceId: string, deliveryId: string) => `${deliveriesPath(workspaceId)}/${deliveryId}`;

export const storedDeliverySchema = z.object({
  type: z.string(),
  status: z.enum(eventsApi.EVENT_DELIVERY_STATUSES),
  endpoint: z.string(),
  body: z.string(),
  createdAt: z.number(),
  attempts: z.array(eventsApi.deliveryAttemptSchema).default([]),
  nextAttemptAt: z.number().nullable().default(null),
});
export type StoredDelivery = z.output<typeof storedDeliverySchema>;

/** The fields the deliveries list filters by; `filters` is written with every status change. */
export const DELIVERY_FILTER_FIELDS = ['type', 'status'] as const;
export const deliveryFilters = (d: Pick<StoredDelivery, 'type' | 'status'>) => ({ filters: filterKeysOf({ type: d.type, status: d.status }) });

export function summaryOf(id: string, d: StoredDelivery): eventsApi.DeliverySummary {
  return {
    id, type: d.type, status: d.status, endpoint: d.endpoint, createdAt: d.createdAt, attemptCount: d.attempts.length,
    lastStatus: d.attempts.at(-1)?.status ?? null, nextAttemptAt: d.nextAttemptAt,
  };
}

export async function readDelivery(db: Firestore, workspaceId: string, deliveryId: string): Promise<StoredDelivery | null> {
  const snap = await db.doc(deliveryPath(workspaceId, deliveryId)).get();
  return snap.exists ? parseStored(storedDeliverySchema, snap) : null;
}
