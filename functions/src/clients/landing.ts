// Where a signed-in client lands: the first accessible tab of its first agent, decided with core's
// firstClientPage (canAccess in clientTabOrder) and clientAgentDenial (the same checks as the rules); and the
// fixed Log Out modal when the org's access is off or the client has no agent.
import { ACCESS_MESSAGES, clientAgentDenial, clientLockout, firstClientPage, paths, routes, type Region } from '@parley/core';
import { type ClientSession } from './api';
import type { Firestore } from 'firebase-admin/firestore';
import type { StoredClient, StoredOrg } from './store';

export async function clientLanding(db: Firestore, region: Region, client: StoredClient, org: StoredOrg): Promise<Pick<ClientSession, 'landing' | 'lockout'>> {
  const disabled = clientLockout({
    disableClientAccess: org.settings.disableClientAccess,
    disableClientAccessMessage: org.settings.disableClientAccessMessage,
    agentCount: 1,
  });
  if (disabled) return { landing: null, lockout: disabled };
  const page = firstClientPage(client.canAccess, client.clientTabOrder);
  const agentIds = client.widgetIDs.slice(0, 50);
  const snaps = agentIds.length > 0 ? await db.getAll(...agentIds.map((id) => db.doc(paths.agent(id)))) : [];
  const teamOwners = new Map<string, unknown>();
  let agentCount = 0;
  let landing: string | null = null;
  for (const snap of snaps) {
    if (!snap.exists) continue;
    const agentOwnerID = String(snap.get('ownerID') ?? '');
    if (agentOwnerID !== org.ownerID && !teamOwners.has(agentOwnerID)) {
      teamOwners.set(agentOwnerID, agentOwnerID ? (await db.doc(paths.user(agentOwnerID)).get()).get('ownerId') : undefined);
    }
    const denial = clientAgentDenial({
      agentId: snap.id, agentOwnerID, agentWorkspaceOwnerId: teamOwners.get(agentOwnerID), client, org, page: page ? `/${page}` : '',
    });
    if (denial === 'other-tenant') continue;
    agentCount++;
    if (!landing && page && denial === null) landing = routes.agent(region, snap.id, page);
  }
  if (agentCount === 0) {
    const message = org.widgetIDs.length === 0 ? ACCESS_MESSAGES.orgHasNoAgents : ACCESS_MESSAGES.accountHasNoAgents;
    return { landing: null, lockout: { reason: 'no-agents', message } };
  }
  return { landing, lockout: null };
}
