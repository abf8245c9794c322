// Who may operate an agent's conversations (reply, take over, hand back): owners and members of the agent's
// workspace (core workspaceRole), and agency clients allowed '/convos' on the agent (core clientAgentDenial) —
// the same rules as firestore.rules' conversations match.
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/https';
import { clientAgentDenial, paths } from '@parley/core';
import { isWorkspaceMember } from '../agents/access';

export interface Caller {
  uid: string;
  claims: Record<string, unknown>;
}

export const NO_AGENT_ACCESS = 'You do not have access to this agent.';
/** The page a client needs in canAccess to operate chats. */
export const CHATS_PAGE = '/convos';

async function clientMayOperate(db: Firestore, clientId: string, agentId: string, ownerID: string): Promise<boolean> {
  const client = (await db.doc(paths.client(clientId)).get()).data();
  const orgId = typeof client?.orgId === 'string' && client.orgId ? client.orgId : null;
  if (!client || !orgId) return false;
  const [org, workspace] = await Promise.all([db.doc(paths.org(orgId)).get(), db.doc(paths.user(ownerID)).get()]);
  return clientAgentDenial({
    agentId,
    agentOwnerID: ownerID,
    agentWorkspaceOwnerId: workspace.get('ownerId'),
    client,
    org: org.data(),
    page: CHATS_PAGE,
  }) === null;
}

export async function assertCanOperate(db: Firestore, caller: Caller, agentId: string): Promise<{ ownerID: string }> {
  const agent = await db.doc(paths.agent(agentId)).get();
  if (!agent.exists) throw new HttpsError('not-found', 'This widget does not exist.');
  const ownerID = typeof agent.get('ownerID') === 'string' ? (agent.get('ownerID') as string) : '';
  if (!ownerID) throw new HttpsError('permission-denied', NO_AGENT_ACCESS);
  const { role, clientId, email } = caller.claims;
  if (role === 'client') {
    if (typeof clientId === 'string' && clientId && (await clientMayOperate(db, clientId, agentId, ownerID))) return { ownerID };
  } else if (await isWorkspaceMember(db, ownerID, { uid: caller.uid, email: typeof email === 'string' ? email : null, role })) {
    return { ownerID };
  }
  throw new HttpsError('permission-denied', NO_AGENT_ACCESS);
}
