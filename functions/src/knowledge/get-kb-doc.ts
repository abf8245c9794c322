// GET /v2/agents/:agentId/kb/:docId — one kb document (with content), bearer = owner workspace secret or agent secret.
import { knowledgeApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { loadAgent, readAgentSecretKey, readWorkspaceSecret, sameSecret, workspaceOfSecret } from '../agents/access';
import { bearerToken, defineEndpoint, HttpError } from '../http/endpoint';
import { readKbDoc } from './kb-docs';

export const getKbDocEndpoint = defineEndpoint(knowledgeApi.getKnowledgeDocument, async ({ params, headers, query }) => {
  const token = bearerToken(headers);
  if (!token) throw new HttpError(401, 'Missing bearer token.');
  const db = databaseFor(query.region);
  const { agentId } = params;
  const agent = await loadAgent(db, agentId);
  const allowed = !!agent && (sameSecret(token, await readAgentSecretKey(db, agentId)) || sameSecret(token, await readWorkspaceSecret(db, agent.ownerID)));
  if (!allowed) {
    if (agent && (await workspaceOfSecret(db, token))) throw new HttpError(403, 'This agent belongs to another workspace.');
    throw new HttpError(agent ? 401 : 404, agent ? 'Invalid bearer token.' : 'Agent not found.');
  }
  const doc = await readKbDoc(db, agentId, params.docId);
  if (!doc) throw new HttpError(404, 'Document not found.');
  return { body: { success: true, data: doc } };
});
