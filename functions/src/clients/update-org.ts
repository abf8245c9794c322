// Callable updateOrg: the Org Info drawer. Root admin: every field; org admin: name and photo. Audited with
// each field's value before and after.
import { clientsApi, ORG_MESSAGES, storedOrgSchema } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { requireOwnedAgents } from './agents';
import { auditEntry, changesBetween } from './audit';
import { requireConnectedForBilling } from './billing-switch';
import { storedOrgPatch } from './org-patch';
import { checkOrgPatch, orgNotFound } from '../access';
import { orgRecord } from './records';
import { orgAndActor } from './client-actor';

type Input = z.output<typeof clientsApi.updateOrg.input>;

export async function updateOrgHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  if (!input.orgId.trim()) throw new HttpError(400, ORG_MESSAGES.idMissing);
  const db = databaseFor(input.region);
  const found = await orgAndActor(caller, db, input.orgId);
  const { actor } = found;
  checkOrgPatch(actor, input.patch);
  if (input.patch.widgetIDs) await requireOwnedAgents(db, input.patch.widgetIDs, found.org.ownerID ?? '');
  await requireConnectedForBilling(db, found.org.ownerID ?? '', input.patch.allowBilling);
  const org = await db.runTransaction(async (tx) => {
    const snap = await tx.get(found.ref);
    if (!snap.exists) throw orgNotFound();
    const before = parseStored(storedOrgSchema, snap, { ID: input.orgId });
    const fields = storedOrgPatch(input.patch, before);
    const now = Date.now();
    const changes = changesBetween(before as Record<string, unknown>, fields, Object.keys(fields));
    tx.update(found.ref, { ...fields, lastModified: Math.floor(now / 1000) });
    if (changes.length > 0) {
      const entry = auditEntry({ orgId: input.orgId, actor, action: 'org.update', target: { type: 'org', id: input.orgId, label: before.name }, changes, now });
      tx.set(entry.ref(db), entry.data);
    }
    return storedOrgSchema.parse({ ...before, ...fields });
  });
  return { success: true, message: CLIENTS_MESSAGES.orgUpdated, org: orgRecord(org) } as const;
}

export const updateOrg = defineCallable(clientsApi.updateOrg, updateOrgHandler);
