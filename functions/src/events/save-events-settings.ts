// Callable saveEventsSettings: the owner sets the endpoint, turns it on or off, picks the types. The URL is checked
// as the safe fetch checks it (resolved, every address public) before it is kept, so a private, loopback or
// metadata address is refused at save with a sentence at the field; each delivery checks it again.
import { eventsApi, paths } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { checkUrlResolved, SafeFetchError } from '../safe-fetch';
import type { EventsDeps } from './deps';
import { SETTINGS_FIELDS, settingsOf } from './settings';

const contract = eventsApi.saveEventsSettings;

export function saveEventsSettingsHandler(deps: Pick<EventsDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId, { ownerOnly: true });
    if (input.endpoint) {
      try {
        await checkUrlResolved(input.endpoint, { ports: 'any' });
      } catch (error) {
        if (error instanceof SafeFetchError) throw new HttpsError('invalid-argument', `Invalid input — endpoint: ${error.message}`);
        throw error;
      }
    }
    const ref = deps.db(input.region).doc(paths.user(input.workspaceId));
    await ref.set({
      [SETTINGS_FIELDS.endpoint]: input.endpoint,
      [SETTINGS_FIELDS.enabled]: input.enabled,
      [SETTINGS_FIELDS.subscribed]: [...new Set(input.subscribedEvents)],
      // Turning the endpoint on (again) is its owner's word that it works: the count of failures starts over.
      ...(input.enabled ? { [SETTINGS_FIELDS.disabledReason]: '', [SETTINGS_FIELDS.failedInARow]: 0 } : {}),
    }, { merge: true });
    return settingsOf((await ref.get()).data());
  };
}

export const saveEventsSettingsCallable = (deps: Pick<EventsDeps, 'db'>) => defineCallable(contract, saveEventsSettingsHandler(deps));
