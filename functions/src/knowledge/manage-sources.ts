// Callables listKnowledgeSources, deleteKnowledgeSource and refreshKnowledgeSource.
import { knowledgeApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { deleteSource, ingestSource } from './ingest';
import { listKbDocs, readKbDoc } from './kb-docs';
import type { KnowledgeDeps } from './kb-usage';
import { KNOWLEDGE_SECRETS } from './vector-index';

type Auth = Pick<CallableRequest<unknown>, 'auth'>;
type SourceRef = z.output<typeof knowledgeApi.deleteKnowledgeSource.input>;

/** Reading is open like firestore.rules' `match /kb/{docId}` read: members, and clients allowed '/kb'. */
export async function listKnowledgeSourcesHandler(input: z.output<typeof knowledgeApi.listKnowledgeSources.input>, request: Auth) {
  await requireAgentAccess(callerOf(request), input.region, input.agentId, { page: '/kb' });
  return { sources: await listKbDocs(databaseFor(input.region), input.agentId) };
}
export const listKnowledgeSources = defineCallable(knowledgeApi.listKnowledgeSources, listKnowledgeSourcesHandler);

export async function deleteKnowledgeSourceHandler(deps: KnowledgeDeps, input: SourceRef, request: Auth) {
  await requireAgentAccess(callerOf(request), input.region, input.agentId);
  await deleteSource(deps, input.region, input.agentId, input.docId);
  return { deleted: input.docId };
}
export const deleteKnowledgeSourceCallable = (deps: KnowledgeDeps) =>
  defineCallable(knowledgeApi.deleteKnowledgeSource, (input, request) => deleteKnowledgeSourceHandler(deps, input, request), { secrets: KNOWLEDGE_SECRETS });

/** Re-crawls a URL source now (files and text have nothing new to read). */
export async function refreshKnowledgeSourceHandler(deps: KnowledgeDeps, input: SourceRef, request: Auth) {
  await requireAgentAccess(callerOf(request), input.region, input.agentId);
  const doc = await readKbDoc(databaseFor(input.region), input.agentId, input.docId);
  if (!doc) throw new HttpsError('not-found', 'This source does not exist.');
  if (doc.sourceType !== 'url' || !doc.url) throw new HttpsError('failed-precondition', 'Only URL sources can be refreshed.');
  return { docId: doc.ID, ...(await ingestSource(deps, input.region, input.agentId, doc.ID, { kind: 'url', url: doc.url })) };
}
export const refreshKnowledgeSourceCallable = (deps: KnowledgeDeps) =>
  defineCallable(knowledgeApi.refreshKnowledgeSource, (input, request) => refreshKnowledgeSourceHandler(deps, input, request), { secrets: KNOWLEDGE_SECRETS });
