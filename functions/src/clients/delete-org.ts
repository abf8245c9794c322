// Callable deleteOrg: the agency owner removes an org that has no clients and no credits left (credits go back
// through a transfer first, so none disappear with it). Its audit log goes with it.
import { clientsApi, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { auditCollection } from './audit';
import { requireRootAdmin } from '../access';
import { orgAndActor } from './client-actor';

type Input = z.output<typeof clientsApi.deleteOrg.input>;

export const ORG_HAS_CLIENTS = 'Remove the organization’s users first.';
export const ORG_HAS_CREDITS = 'Transfer the organization’s credits back to the workspace first.';

export async function deleteOrgHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const db = databaseFor(input.region);
  const found = await orgAndActor(caller, db, input.orgId);
  requireRootAdmin(found.actor);
  if (!(await db.collection(paths.clients()).where('orgId', '==', input.orgId).limit(1).get()).empty) throw new HttpError(412, ORG_HAS_CLIENTS);
  if (found.org.loadTokens > 0) throw new HttpError(412, ORG_HAS_CREDITS);
  await db.recursiveDelete(auditCollection(db, input.orgId));
  await found.ref.delete();
  return { success: true } as const;
}

export const deleteOrg = defineCallable(clientsApi.deleteOrg, deleteOrgHandler);
