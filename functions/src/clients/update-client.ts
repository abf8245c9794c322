// Callable updateClient (Edit User): "Updated client data"; audited with every field before and after.
import { clientsApi, storedClientSchema } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { defineCallable } from '../callable/define-callable';
import { requireOwnedAgents } from './agents';
import { auditEntry, changesBetween } from './audit';
import { clientAndActor } from './client-actor';
import { AUDITED_CLIENT_FIELDS, requireUniqueEmail, storedClientPatch } from './client-fields';
import { checkClientPatch, clientNotFound } from './permissions';
import { clientRecord } from './records';

type Input = z.output<typeof clientsApi.updateClient.input>;

export async function updateClientHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const db = databaseFor(input.region);
  const { ref, client: current, org, actor } = await clientAndActor(caller, db, input.clientId);
  checkClientPatch(actor, input.patch);
  const ownerUid = org.org.ownerID ?? '';
  const fields = storedClientPatch(input.patch, current);
  if (typeof fields.email === 'string' && fields.email !== current.email) await requireUniqueEmail(db, fields.email, ownerUid, input.clientId);
  if (input.patch.widgetIDs) await requireOwnedAgents(db, input.patch.widgetIDs, ownerUid);
  const client = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw clientNotFound();
    const before = parseStored(storedClientSchema, snap, { ID: input.clientId });
    const changes = changesBetween(before as Record<string, unknown>, fields, AUDITED_CLIENT_FIELDS);
    tx.update(ref, fields);
    if (changes.length > 0) {
      const entry = auditEntry({ orgId: before.orgId, actor, action: 'client.update', target: { type: 'client', id: before.ID, label: before.email }, changes });
      tx.set(entry.ref(db), entry.data);
    }
    return storedClientSchema.parse({ ...before, ...fields });
  });
  return { success: true, message: CLIENTS_MESSAGES.clientUpdated, client: clientRecord(client) } as const;
}

export const updateClient = defineCallable(clientsApi.updateClient, updateClientHandler);
