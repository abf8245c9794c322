// Who may operate an agent's conversations: its owner, or an agency client given the agent.
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/https';
import { paths } from '@parley/core';

export interface Caller {
  uid: string;
  claims: Record<string, unknown>;
}

export async function assertCanOperate(db: Firestore, caller: Caller, agentId: string): Promise<{ ownerID: string }> {
  const agent = await db.doc(paths.agent(agentId)).get();
  if (!agent.exists) throw new HttpsError('not-found', 'This widget does not exist.');
  const ownerID = String(agent.get('ownerID') ?? '');
  if (ownerID && ownerID === caller.uid) return { ownerID };
  const clientId = typeof caller.claims.clientId === 'string' ? caller.claims.clientId : null;
  if (clientId) {
    const client = await db.doc(paths.client(clientId)).get();
    const widgetIDs = client.get('widgetIDs');
    if (Array.isArray(widgetIDs) && widgetIDs.includes(agentId)) return { ownerID };
  }
  throw new HttpsError('permission-denied', 'You do not have access to this agent.');
}
