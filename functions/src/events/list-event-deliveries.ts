// Callable listEventDeliveries: { region, workspaceId, type?, status?, before?, limit } → newest deliveries first.
import { eventsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { EventsDeps } from './deps';
import { newestPage } from '../logs';
import { DELIVERY_FILTER_FIELDS, EVENT_DELIVERIES, storedDeliverySchema, summaryOf } from './deliveries';

const contract = eventsApi.listEventDeliveries;

export function listEventDeliveriesHandler(deps: Pick<EventsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const page = await newestPage(deps.db(input.region), input.workspaceId, EVENT_DELIVERIES, DELIVERY_FILTER_FIELDS, input);
    return { deliveries: page.docs.map((doc) => summaryOf(doc.id, storedDeliverySchema.parse(doc.data()))), more: page.more };
  };
}

export const listEventDeliveriesCallable = (deps: Pick<EventsDeps, 'db'>) => defineCallable(contract, listEventDeliveriesHandler(deps));
