// Callable listOrgs: the agency owner's organisations with their clients and counts (agents, clients, credits).
import { clientsApi, paths, storedClientSchema, storedOrgSchema } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireOrgsOwner } from '../access';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { agencyAdminOwner } from '../agency';
import { defineCallable } from '../callable/define-callable';
import { clientRecord, orgRecord } from './records';

type Input = z.output<typeof clientsApi.listOrgs.input>;

export async function listOrgsHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  // An agency-admin session is vouched for by its token's claims, in the region asked about.
  const claims = (request.auth?.token ?? {}) as Record<string, unknown>;
  const ownerUid = await requireOrgsOwner(callerOf(request), (caller) => agencyAdminOwner(caller.uid, claims, input.region));
  const db = databaseFor(input.region);
  const orgSnaps = await db.collection(paths.orgs()).where('ownerID', '==', ownerUid).get();
  const orgs = orgSnaps.docs.map((doc) => parseStored(storedOrgSchema, doc, { ID: doc.id }));
  const clientsByOrg = await Promise.all(
    orgs.map(async (org) => (await db.collection(paths.clients()).where('orgId', '==', org.ID).get()).docs.map((doc) => parseStored(storedClientSchema, doc, { ID: doc.id }))),
  );
  return {
    orgs: orgs.map((org, i) => {
      const clients = clientsByOrg[i] ?? [];
      return { org: orgRecord(org), clients: clients.map(clientRecord), counts: { agents: org.widgetIDs.length, clients: clients.length, credits: org.loadTokens } };
    }),
  };
}

export const listOrgs = defineCallable(clientsApi.listOrgs, listOrgsHandler);
