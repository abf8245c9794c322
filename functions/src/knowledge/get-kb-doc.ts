// GET /v2/agents/:agentId/kb/:docId — one kb document (with content). Bearer: the owner workspace's secret, the
// agent's secret, or the ID token of a member of its workspace (or of a client allowed '/kb', as the rules'
// `match /kb/{docId}` read).
import { knowledgeApi } from '@parley/core';
import { callerOfBearer, requireAgentAccess } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { readKbDoc } from './kb-docs';

export const getKbDocEndpoint = defineEndpoint(knowledgeApi.getKnowledgeDocument, async ({ params, headers, idTokens, query }) => {
  const { db } = await requireAgentAccess(await callerOfBearer({ headers, idTokens }), query.region, params.agentId, { page: '/kb' });
  const doc = await readKbDoc(db, params.agentId, params.docId);
  if (!doc) throw new HttpError(404, 'Document not found.');
  return { body: { success: true, data: doc } };
});
