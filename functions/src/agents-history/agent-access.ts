// A signed-in user may read an agent's history/template when they own or belong to its workspace.
import { isWorkspaceMemberOf, paths, type Region } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { databaseFor } from '../adapters/firestore';
import { requireUid } from '../callable/define-callable';

export async function loadAgentForMember(request: Pick<CallableRequest<unknown>, 'auth'>, region: Region, agentId: string) {
  const uid = requireUid(request as CallableRequest<unknown>);
  const email = typeof request.auth?.token?.email === 'string' ? request.auth.token.email : null;
  const db = databaseFor(region);
  const snap = await db.doc(paths.agent(agentId)).get();
  if (!snap.exists) throw new HttpsError('not-found', 'Agent not found.');
  const agent = { ...(snap.data() ?? {}), ID: agentId } as Record<string, unknown>;
  const ownerID = typeof agent.ownerID === 'string' ? agent.ownerID : '';
  const workspace = ownerID ? (await db.doc(paths.user(ownerID)).get()).data() : undefined;
  if (!ownerID || !isWorkspaceMemberOf({ id: ownerID, data: workspace }, { uid, email, role: request.auth?.token?.role })) throw new HttpsError('permission-denied', 'You do not have access to this agent.');
  return { db, agent, ownerID, uid };
}
