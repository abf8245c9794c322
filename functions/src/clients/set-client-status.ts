// Callable setClientStatus: a signed-in client's online/offline toggle (and sign-out), written to its record.
import { clientsApi, paths, REGIONS, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireStatusClient } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';

type Input = z.output<typeof clientsApi.setClientStatus.input>;

export async function setClientStatusHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = requireStatusClient(callerOf(request));
  const claimed = (request.auth?.token as { region?: unknown } | undefined)?.region;
  const order: Region[] = claimed === 'eu' || claimed === 'na' ? [claimed, ...REGIONS.filter((r) => r !== claimed)] : [...REGIONS];
  for (const region of order) {
    const ref = databaseFor(region).doc(paths.client(caller.clientId));
    if ((await ref.get()).exists) {
      await ref.update({ status: input.status });
      return { success: true, status: input.status } as const;
    }
  }
  throw new HttpError(404, 'Client not found.');
}

export const setClientStatus = defineCallable(clientsApi.setClientStatus, setClientStatusHandler);
