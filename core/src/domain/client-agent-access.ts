// May an agency client see an agent's page (chats '/convos', '/kb', '/analytics', '/leads')? The same checks as
// firestore.rules' clientHasAgent / clientCanSee / orgOwnerControls, for functions that act on a client's behalf.

export interface ClientAgentAccessInput {
  agentId: string;
  /** The agent's ownerID (its workspace id). */
  agentOwnerID: string;
  /** ownerId of the record users/{agentOwnerID} (a team workspace's creator), if any. */
  agentWorkspaceOwnerId?: unknown;
  /** clients/{clientId} as stored. */
  client: { widgetIDs?: unknown; canAccess?: unknown; orgId?: unknown } | null | undefined;
  /** orgs/{client.orgId} as stored. */
  org: { ownerID?: unknown; settings?: unknown } | null | undefined;
  /** The page the action belongs to, e.g. '/convos'. */
  page: string;
}

export type ClientAgentDenial = 'no-client' | 'agent-not-given' | 'page-not-allowed' | 'access-disabled' | 'other-tenant';

const includes = (list: unknown, value: string) => Array.isArray(list) && list.includes(value);

/** null = allowed; otherwise why not (for logs and tests; callers answer one generic message). */
export function clientAgentDenial(input: ClientAgentAccessInput): ClientAgentDenial | null {
  const { client, org } = input;
  if (!client || !org) return 'no-client';
  if (!includes(client.widgetIDs, input.agentId)) return 'agent-not-given';
  if (!includes(client.canAccess, input.page)) return 'page-not-allowed';
  const settings = org.settings && typeof org.settings === 'object' ? (org.settings as { disableClientAccess?: unknown }) : {};
  if (settings.disableClientAccess === true) return 'access-disabled';
  // The agent must belong to the agency owner behind the client's org (its own workspace or a team workspace it
  // created): an agency cannot hand its clients another tenant's agent by listing its id in widgetIDs.
  const orgOwner = typeof org.ownerID === 'string' ? org.ownerID : '';
  if (!orgOwner) return 'other-tenant';
  if (input.agentOwnerID !== orgOwner && input.agentWorkspaceOwnerId !== orgOwner) return 'other-tenant';
  return null;
}

export const clientCanSeeAgentPage = (input: ClientAgentAccessInput): boolean => clientAgentDenial(input) === null;
