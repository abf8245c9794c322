// Callable createOrg: a new organisation of the agency owner (root admin), named New Organization unless named,
// with the default client pages; audited.
import { clientsApi, DEFAULT_CLIENT_ACCESS, DEFAULT_ORG_NAME, newClientId, paths, storedOrgSchema } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireOrgCreator } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { requireOwnedAgents } from './agents';
import { auditEntry, changesBetween } from './audit';
import { requireConnectedForBilling } from './billing-switch';
import { storedOrgPatch } from './org-patch';
import { orgRecord } from './records';

type Input = z.output<typeof clientsApi.createOrg.input>;

export async function createOrgHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = requireOrgCreator(callerOf(request));
  const { region, ...patch } = input;
  const db = databaseFor(region);
  const fields = storedOrgPatch({ name: DEFAULT_ORG_NAME, ...patch }, null);
  if (Array.isArray(fields.widgetIDs)) await requireOwnedAgents(db, fields.widgetIDs as string[], caller.uid);
  await requireConnectedForBilling(db, caller.uid, patch.allowBilling);
  const ID = newClientId();
  const now = Date.now();
  const data = {
    ID, ownerID: caller.uid, loadTokens: 0, widgetIDs: [], dashboardLayout: 'vertical', preferredLanguage: 'en',
    defaultClientAccess: [...DEFAULT_CLIENT_ACCESS], predefinedTags: [], disallowAnyTags: false, disableHandoff: false,
    orgUsers: [], ...fields, lastModified: Math.floor(now / 1000),
  };
  const org = storedOrgSchema.parse(data);
  const entry = auditEntry({
    orgId: ID, actor: { kind: 'agency', uid: caller.uid, label: caller.email ?? '' }, action: 'org.create',
    target: { type: 'org', id: ID, label: org.name }, changes: changesBetween({}, data, ['name', 'widgetIDs', 'defaultClientAccess']), now,
  });
  const batch = db.batch();
  batch.create(db.doc(paths.org(ID)), data);
  batch.set(entry.ref(db), entry.data);
  await batch.commit();
  return { success: true, message: CLIENTS_MESSAGES.orgUpdated, org: orgRecord(org) } as const;
}

export const createOrg = defineCallable(clientsApi.createOrg, createOrgHandler);
