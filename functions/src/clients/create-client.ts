// Callable createClient (Add User): the client record, its password hash in private/credentials and the audit
// entry in one transaction (within the plan's client seats), after the e-mail is claimed for it in clientEmails
// (released again when the creation fails). The plain password is answered once and stored nowhere.
import { clientsApi, newClientId, ORG_MESSAGES, paths, storedClientSchema } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { logger } from 'firebase-functions';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { countClientSeats, createWithinPlanLimit } from '../quota';
import { HttpError } from '../http/endpoint';
import { requireOwnedAgents } from './agents';
import { auditEntry, changesBetween } from './audit';
import { claimClientEmail, releaseClientEmail, settleClientEmail } from './client-emails';
import { AUDITED_CLIENT_FIELDS, chosenPassword, requireUniqueEmail, storedClientPatch } from './client-fields';
import { hashPassword } from './password';
import { checkClientPatch, orgNotFound } from '../access';
import { clientRecord } from './records';
import { orgAndActor } from './client-actor';

type Input = z.output<typeof clientsApi.createClient.input>;

export async function createClientHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const { region, orgId, dashboardPassword, ...patch } = input;
  if (!patch.name?.trim() || !patch.email?.trim()) throw new HttpError(400, ORG_MESSAGES.addClientFields);
  const password = chosenPassword(dashboardPassword);
  const db = databaseFor(region);
  const found = await orgAndActor(caller, db, orgId);
  const { actor } = found;
  checkClientPatch(actor, patch);
  const fields = storedClientPatch(patch, null);
  const ownerUid = found.org.ownerID ?? '';
  if (!ownerUid) throw orgNotFound();
  const email = fields.email as string;
  await requireUniqueEmail(email, ownerUid, region);
  if (patch.widgetIDs) await requireOwnedAgents(db, patch.widgetIDs, ownerUid);

  const ID = newClientId();
  const now = Date.now();
  const data = {
    ID, orgId, type: 'client', status: 'offline', widgetIDs: [], canAccess: [...found.org.defaultClientAccess],
    ...(found.org.defaultClientTabOrder ? { clientTabOrder: found.org.defaultClientTabOrder } : {}),
    notificationsSettings: { notifyThrough: 'email', notifyIf: 'all' }, preferredLanguage: found.org.preferredLanguage,
    isOrgAdmin: false, allowCreateAgents: false, hideAdvancedSettings: false, ...fields, ts: now,
  };
  const client = storedClientSchema.parse(data);
  const entry = auditEntry({
    orgId, actor, action: 'client.create', target: { type: 'client', id: ID, label: client.email },
    changes: [...changesBetween({}, data, AUDITED_CLIENT_FIELDS), { field: 'dashboardPassword', redacted: true }], now,
  });
  const dashboardPasswordHash = await hashPassword(password);
  // Of simultaneous calls for one address only the first gets past here; the others get the duplicate message.
  await claimClientEmail({ ownerUid, clientId: ID, orgId, region }, email);
  try {
    // Within the agency owner's plan's clientSeats (403 with the plan's message otherwise); the transaction also
    // writes the owner's plan-slots document, so simultaneous creations are counted one after another.
    await createWithinPlanLimit(db, ownerUid, 'clientSeats', {
      count: (tx) => countClientSeats(db, tx, ownerUid),
      write: (tx) => {
        tx.create(db.doc(paths.client(ID)), data);
        tx.set(db.doc(paths.clientCredentials(ID)), { dashboardPasswordHash, updatedAt: now });
        tx.set(entry.ref(db), entry.data);
      },
    });
  } catch (error) {
    // Nothing was written; a hold left behind would go stale on its own, but free the address now.
    await releaseClientEmail(ownerUid, email, ID).catch((releaseError: unknown) => {
      logger.warn('createClient: releasing the e-mail hold failed', { clientId: ID, error: releaseError instanceof Error ? releaseError.message : String(releaseError) });
    });
    throw error;
  }
  await settleClientEmail(ownerUid, email, ID).catch((error: unknown) => {
    // The hold still counts while the client exists; only a deletion soon after would wait out the pending time.
    logger.warn('createClient: settling the e-mail hold failed', { clientId: ID, error: error instanceof Error ? error.message : String(error) });
  });
  return { success: true, message: CLIENTS_MESSAGES.clientUpdated, client: clientRecord(client), dashboardPassword: password } as const;
}

export const createClient = defineCallable(clientsApi.createClient, createClientHandler);
