// Callable listOrgAuditLog: the org's audit entries, newest first, for the agency owner.
import { clientsApi, paths } from '@parley/core';
import { auditEntrySchema } from './api';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { defineCallable } from '../callable/define-callable';
import { AUDIT_COLLECTION } from './audit';
import { requireRootAdmin } from '../access';
import { orgAndActor } from './client-actor';

type Input = z.output<typeof clientsApi.listOrgAuditLog.input>;

export async function listOrgAuditLogHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const db = databaseFor(input.region);
  requireRootAdmin((await orgAndActor(caller, db, input.orgId)).actor);
  const log = db.collection(paths.orgs()).doc(input.orgId).collection(AUDIT_COLLECTION);
  const snap = input.before === undefined
    ? await log.orderBy('ts', 'desc').limit(input.limit).get()
    : await log.where('ts', '<', input.before).orderBy('ts', 'desc').limit(input.limit).get();
  return { entries: snap.docs.map((doc) => parseStored(auditEntrySchema, doc)) };
}

export const listOrgAuditLog = defineCallable(clientsApi.listOrgAuditLog, listOrgAuditLogHandler);
