// A client's session after a successful check: status online, a custom token with the claims the rules read
// (role, clientId, orgId, agencyId; region tells the app which database), and where to land.
import { paths, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import type { ClientSession } from './api';
import { clientUid, mintCustomToken } from './custom-token';
import { clientLanding } from './landing';
import type { StoredClient, StoredOrg } from './org-client-reads';

export const sessionToken = (region: Region, agencyId: string, client: StoredClient): Promise<string> =>
  mintCustomToken(clientUid(client.ID), { role: 'client', clientId: client.ID, orgId: client.orgId, agencyId, region });

export async function startClientSession(input: { region: Region; agencyId: string; client: StoredClient; org: StoredOrg }): Promise<ClientSession> {
  const { region, agencyId, client, org } = input;
  const db = databaseFor(region);
  const [token, where] = await Promise.all([
    sessionToken(region, agencyId, client),
    clientLanding(db, region, client, org),
    db.doc(paths.client(client.ID)).update({ status: 'online' }),
  ]);
  return { success: true, token, clientId: client.ID, orgId: client.orgId, agencyId, region, ...where };
}
