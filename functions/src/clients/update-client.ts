// Callable updateClient (Edit User): "Updated client data"; audited with every field before and after. An org admin
// edits only colleagues it may manage (permissions.ts) and never an e-mail address (the agency owner does). A new
// e-mail moves the client's hold in clientEmails first (moved back when the update fails).
import { clientsApi, storedClientSchema } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { logger } from 'firebase-functions';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { defineCallable } from '../callable/define-callable';
import { requireOwnedAgents } from './agents';
import { auditEntry, changesBetween } from './audit';
import { clientAndActor } from './client-actor';
import { claimClientEmail, settleClientEmail } from './client-emails';
import { AUDITED_CLIENT_FIELDS, requireUniqueEmail, storedClientPatch } from './client-fields';
import { checkClientPatch, checkEmailChange, clientNotFound, requireManageable } from '../access';
import { clientRecord } from './records';

type Input = z.output<typeof clientsApi.updateClient.input>;

export async function updateClientHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const db = databaseFor(input.region);
  const { ref, client: current, org, actor } = await clientAndActor(caller, db, input.clientId);
  requireManageable(actor, current);
  checkClientPatch(actor, input.patch);
  const ownerUid = org.org.ownerID ?? '';
  const fields = storedClientPatch(input.patch, current);
  const newEmail = typeof fields.email === 'string' && fields.email !== current.email ? fields.email : null;
  checkEmailChange(actor, newEmail !== null);
  if (newEmail) await requireUniqueEmail(newEmail, ownerUid, input.region, input.clientId);
  if (input.patch.widgetIDs) await requireOwnedAgents(db, input.patch.widgetIDs, ownerUid);
  const save = () => db.runTransaction(async (tx) => {
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
  let client;
  if (!newEmail) client = await save();
  else {
    const holder = { ownerUid, clientId: input.clientId, orgId: current.orgId, region: input.region };
    await claimClientEmail(holder, newEmail, current.email);
    try {
      client = await save();
    } catch (error) {
      await claimClientEmail(holder, current.email, newEmail, { pending: false }).catch((moveError: unknown) => {
        logger.warn('updateClient: moving the e-mail hold back failed', { clientId: input.clientId, error: moveError instanceof Error ? moveError.message : String(moveError) });
      });
      throw error;
    }
    await settleClientEmail(ownerUid, newEmail, input.clientId).catch((settleError: unknown) => {
      logger.warn('updateClient: settling the e-mail hold failed', { clientId: input.clientId, error: settleError instanceof Error ? settleError.message : String(settleError) });
    });
  }
  return { success: true, message: CLIENTS_MESSAGES.clientUpdated, client: clientRecord(client) } as const;
}

export const updateClient = defineCallable(clientsApi.updateClient, updateClientHandler);
