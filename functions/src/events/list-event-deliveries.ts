// Callable listEventDeliveries: { region, workspaceId, type?, status?, before?, limit } → newest deliveries first.
import { eventsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { EventsDeps } from './deps';
import { filterKeyFor } from '../logs';
import { DELIVERY_FILTER_FIELDS, deliveriesPath, storedDeliverySchema, summaryOf } from './store';

const contract = eventsApi.listEventDeliveries;

export function listEventDeliveriesHandler(deps: Pick<EventsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const snap = await deps.db(input.region).collection(deliveriesPath(input.workspaceId))
      .where('filters', 'array-contains', filterKeyFor(DELIVERY_FILTER_FIELDS, input))
      .where('createdAt', '<', input.before ?? Number.MAX_SAFE_INTEGER)
      .orderBy('createdAt', 'desc')
      .limit(input.limit + 1)
      .get();
    const deliveries = snap.docs.slice(0, input.limit).map((doc) => summaryOf(doc.id, storedDeliverySchema.parse(doc.data())));
    return { deliveries, more: snap.docs.length > input.limit };
  };
}

export const listEventDeliveriesCallable = (deps: Pick<EventsDeps, 'db'>) => defineCallable(contract, listEventDeliveriesHandler(deps));
