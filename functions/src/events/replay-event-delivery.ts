// Callable replayEventDelivery: the owner sends a delivery's body again to the endpoint set now, as a new delivery
// with attempts of its own (signed anew; the body, and so its createdAt, is the original's).
import { eventsApi, paths } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { EventsDeps } from './deps';
import { startDelivery } from './emit';
import { settingsOf } from './settings';
import { readDelivery } from './deliveries';

const contract = eventsApi.replayEventDelivery;

export function replayEventDeliveryHandler(deps: EventsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId, { ownerOnly: true });
    const db = deps.db(input.region);
    const original = await readDelivery(db, input.workspaceId, input.deliveryId);
    if (!original) throw new HttpsError('not-found', eventsApi.EVENT_MESSAGES.deliveryNotFound);
    const { endpoint } = settingsOf((await db.doc(paths.user(input.workspaceId)).get()).data());
    if (!endpoint) throw new HttpsError('failed-precondition', eventsApi.EVENT_MESSAGES.noEndpoint);
    return { delivery: await startDelivery(deps, input.region, input.workspaceId, { type: original.type, endpoint, body: original.body }) };
  };
}

export const replayEventDeliveryCallable = (deps: EventsDeps) => defineCallable(contract, replayEventDeliveryHandler(deps));
