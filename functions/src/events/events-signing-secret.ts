// Callable eventsSigningSecret: { region, workspaceId, rotate } → the workspace's events signing secret, for its
// owner to configure the receiving endpoint. Members may not: the secret vouches for deliveries in the owner's
// name, and the endpoint it serves is the owner's to set.
import { eventsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { callerOf, requireFoundWorkspace } from '../access';
import { defineCallable } from '../callable/define-callable';
import { ensureSigningSecret, rotateSigningSecret } from './signing-secret';

const contract = eventsApi.eventsSigningSecret;

export async function eventsSigningSecretHandler(
  input: z.output<typeof contract.input>,
  request: Pick<CallableRequest<unknown>, 'auth'>,
): Promise<z.input<typeof contract.output>> {
  const workspace = await requireFoundWorkspace(callerOf(request, contract.signInMessage), input.workspaceId, { regionHint: input.region, ownerOnly: true });
  const db = databaseFor(workspace.region);
  const signingSecret = input.rotate ? await rotateSigningSecret(db, workspace.uid) : await ensureSigningSecret(db, workspace.uid);
  return { signingSecret };
}

export const eventsSigningSecret = defineCallable(contract, eventsSigningSecretHandler);
