// Callable getEventsSettings: { region, workspaceId } → the endpoint, whether it is on, the subscribed types.
import { eventsApi, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { EventsDeps } from './deps';
import { settingsOf } from './settings';

const contract = eventsApi.getEventsSettings;

export function getEventsSettingsHandler(deps: Pick<EventsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    return settingsOf((await deps.db(input.region).doc(paths.user(input.workspaceId)).get()).data());
  };
}

export const getEventsSettingsCallable = (deps: Pick<EventsDeps, 'db'>) => defineCallable(contract, getEventsSettingsHandler(deps));
