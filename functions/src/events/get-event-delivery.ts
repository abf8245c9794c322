// Callable getEventDelivery: { region, workspaceId, deliveryId } → the delivery's body and every attempt.
import { eventsApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { EventsDeps } from './deps';
import { readDelivery, summaryOf } from './deliveries';

const contract = eventsApi.getEventDelivery;

export function getEventDeliveryHandler(deps: Pick<EventsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const delivery = await readDelivery(deps.db(input.region), input.workspaceId, input.deliveryId);
    if (!delivery) throw new HttpsError('not-found', eventsApi.EVENT_MESSAGES.deliveryNotFound);
    return { delivery: { ...summaryOf(input.deliveryId, delivery), body: delivery.body, attempts: delivery.attempts } };
  };
}

export const getEventDeliveryCallable = (deps: Pick<EventsDeps, 'db'>) => defineCallable(contract, getEventDeliveryHandler(deps));
