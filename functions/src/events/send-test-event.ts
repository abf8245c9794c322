// Callable sendTestEvent: the owner sends a signed `test` event to the endpoint now, whatever it subscribes to and
// whether it is on, to check the receiver and its signature check.
import { eventsApi, paths } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { EventsDeps } from './deps';
import { eventBody, startDelivery } from './emit';
import { settingsOf } from './settings';

const contract = eventsApi.sendTestEvent;

export function sendTestEventHandler(deps: EventsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId, { ownerOnly: true });
    const { endpoint } = settingsOf((await deps.db(input.region).doc(paths.user(input.workspaceId)).get()).data());
    if (!endpoint) throw new HttpsError('failed-precondition', eventsApi.EVENT_MESSAGES.noEndpoint);
    const body = eventBody(eventsApi.TEST_EVENT_TYPE, { message: 'This is a test event from Parley.' }, deps.now());
    return { delivery: await startDelivery(deps, input.region, input.workspaceId, { type: eventsApi.TEST_EVENT_TYPE, endpoint, body }) };
  };
}

export const sendTestEventCallable = (deps: EventsDeps) => defineCallable(contract, sendTestEventHandler(deps));
