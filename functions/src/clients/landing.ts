// Where a signed-in client lands: the first accessible tab of its first agent, decided with core's
// firstClientPage (canAccess in clientTabOrder) and clientAgentDenial (the same checks as the rules); and the
// fixed Log Out modal when the org's access is off or the client has no agent.
import { ACCESS_MESSAGES, clientAgentDenial, clientLockout, firstClientPage, paths, routes, type Region } from '@parley/core';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { ClientSession } from './api';
import type { StoredClient, StoredOrg } from './org-client-reads';

type Landing = Pick<ClientSession, 'landing' | 'lockout'>;

/** The client's agents to read (in widgetIDs order). */
export const landingAgentIds = (client: StoredClient): string[] => client.widgetIDs.slice(0, 50);

/** The landing from the client's agent documents, already read (missing ones are skipped). */
export async function landingFromAgents(db: Firestore, region: Region, client: StoredClient, org: StoredOrg, agents: readonly DocumentSnapshot[]): Promise<Landing> {
  const disabled = clientLockout({
    disableClientAccess: org.settings.disableClientAccess,
    disableClientAccessMessage: org.settings.disableClientAccessMessage,
    agentCount: 1,
  });
  if (disabled) return { landing: null, lockout: disabled };
  const page = firstClientPage(client.canAccess, client.clientTabOrder);
  // A team workspace's creator is read only for agents not in the org owner's own workspace (rare).
  const teamOwners = new Map<string, unknown>();
  let agentCount = 0;
  let landing: string | null = null;
  for (const snap of agents) {
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

export async function clientLanding(db: Firestore, region: Region, client: StoredClient, org: StoredOrg): Promise<Landing> {
  const ids = landingAgentIds(client);
  const agents = ids.length > 0 ? await db.getAll(...ids.map((id) => db.doc(paths.agent(id)))) : [];
  return landingFromAgents(db, region, client, org, agents);
}
