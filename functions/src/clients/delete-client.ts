// Callable deleteClient: the agency owner, or an org admin for another user of its org it may manage (not an admin,
// no more access than its own: permissions.ts); the record, its private
// documents (password hash, sign-in code) and an audit entry; then its e-mail is free for a new client.
import { clientsApi, paths } from '@parley/core';
import { logger } from 'firebase-functions';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { auditEntry } from './audit';
import { clientAndActor } from './client-actor';
import { releaseClientEmail } from './client-emails';
import { requireManageable } from '../access';
import { revokeLoginCodes } from './login-code-store';

type Input = z.output<typeof clientsApi.deleteClient.input>;

export const CANNOT_DELETE_SELF = 'You cannot remove yourself.';

export async function deleteClientHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const db = databaseFor(input.region);
  const { ref, client, org, actor } = await clientAndActor(caller, db, input.clientId);
  if (actor.kind === 'orgAdmin' && actor.client.ID === client.ID) throw new HttpError(400, CANNOT_DELETE_SELF);
  requireManageable(actor, client);
  const entry = auditEntry({ orgId: client.orgId, actor, action: 'client.delete', target: { type: 'client', id: client.ID, label: client.email }, changes: [] });
  await db.recursiveDelete(db.collection(`${paths.client(client.ID)}/private`));
  await revokeLoginCodes(db, client.ID);
  const batch = db.batch();
  batch.delete(ref);
  batch.set(entry.ref(db), entry.data);
  await batch.commit();
  // Only after the record is gone; should this fail, the hold of a missing client goes stale by itself.
  await releaseClientEmail(org.org.ownerID ?? '', client.email, client.ID).catch((error: unknown) => {
    logger.warn('deleteClient: releasing the e-mail hold failed', { clientId: client.ID, error: error instanceof Error ? error.message : String(error) });
  });
  return { success: true } as const;
}

export const deleteClient = defineCallable(clientsApi.deleteClient, deleteClientHandler);
