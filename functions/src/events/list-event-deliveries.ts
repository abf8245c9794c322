// Callable listEventDeliveries: { region, workspaceId, type?, status?, before?, limit } → newest deliveries first.
import { eventsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { EventsDeps } from './deps';
import { deliveriesPath, storedDeliverySchema, summaryOf } from './store';

const contract = eventsApi.listEventDeliveries;

export function listEventDeliveriesHandler(deps: Pick<EventsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    let query = deps.db(input.region).collection(deliveriesPath(input.workspaceId)).orderBy('createdAt', 'desc');
    if (input.type) query = query.where('type', '==', input.type);
    if (input.status) query = query.where('status', '==', input.status);
    if (input.before !== undefined) query = query.where('createdAt', '<', input.before);
    const snap = await query.limit(input.limit + 1).get();
    const deliveries = snap.docs.slice(0, input.limit).map((doc) => summaryOf(doc.id, storedDeliverySchema.parse(doc.data())));
    return { deliveries, more: snap.docs.length > input.limit };
  };
}

export const listEventDeliveriesCallable = (deps: Pick<EventsDeps, 'db'>) => defineCallable(contract, listEventDeliveriesHandler(deps));
