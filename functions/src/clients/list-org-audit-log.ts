// Callable listOrgAuditLog: the org's audit entries, newest first, for the agency owner.
import { clientsApi } from '@parley/core';
import { auditEntrySchema } from './api';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { defineCallable } from '../callable/define-callable';
import { auditCollection } from './audit';
import { orgActor, orgNotFound, requireRootAdmin } from './permissions';
import { readOrg } from './store';

type Input = z.output<typeof clientsApi.listOrgAuditLog.input>;

export async function listOrgAuditLogHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const db = databaseFor(input.region);
  const found = await readOrg(db, input.orgId);
  if (!found) throw orgNotFound();
  requireRootAdmin(await orgActor(caller, db, found.org));
  let query = auditCollection(db, input.orgId).orderBy('ts', 'desc');
  if (input.before !== undefined) query = query.where('ts', '<', input.before);
  const snap = await query.limit(input.limit).get();
  return { entries: snap.docs.map((doc) => parseStored(auditEntrySchema, doc)) };
}

export const listOrgAuditLog = defineCallable(clientsApi.listOrgAuditLog, listOrgAuditLogHandler);
