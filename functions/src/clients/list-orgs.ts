// Callable listOrgs: the agency owner's organisations with their clients and counts (agents, clients, credits).
import { clientsApi, paths, storedClientSchema, storedOrgSchema } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { agencyAdminOwner } from '../agency';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { clientRecord, orgRecord } from './records';

type Input = z.output<typeof clientsApi.listOrgs.input>;

/** Whose orgs the caller lists: the agency owner's own, or (agency-admin link) its agency owner's in that region. */
async function orgOwnerOf(request: Pick<CallableRequest<unknown>, 'auth'>, input: Input): Promise<string | null> {
  const caller = callerOf(request);
  if (caller.kind !== 'user') return null;
  if (caller.role === '') return caller.uid;
  return agencyAdminOwner(caller.uid, (request.auth?.token ?? {}) as Record<string, unknown>, input.region);
}

export async function listOrgsHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const ownerUid = await orgOwnerOf(request, input);
  if (!ownerUid) throw new HttpError(403, 'Only the agency owner can list organizations.');
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
