// Callables listKnowledgeSources, deleteKnowledgeSource and refreshKnowledgeSource.
import { regionSchema } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { defineKnowledgeCallable } from './define-knowledge-callable';
import { requireAgentEditor } from './agent-access';
import { deleteSource, ingestSource } from './ingest';
import { listKbDocs, readKbDoc } from './kb-docs';

const agentRef = { region: regionSchema.default('na'), agentId: z.string().min(1).max(64) };
type Auth = Pick<CallableRequest<unknown>, 'auth'>;

export const listKnowledgeSourcesInput = z.object(agentRef);
export async function listKnowledgeSourcesHandler(input: z.output<typeof listKnowledgeSourcesInput>, request: Auth) {
  await requireAgentEditor(request, input.region, input.agentId);
  return { sources: await listKbDocs(databaseFor(input.region), input.agentId) };
}
export const listKnowledgeSources = defineCallable(listKnowledgeSourcesInput, listKnowledgeSourcesHandler);

export const knowledgeSourceInput = z.object({ ...agentRef, docId: z.string().min(1).max(64) });
type SourceRef = z.output<typeof knowledgeSourceInput>;

export async function deleteKnowledgeSourceHandler(input: SourceRef, request: Auth) {
  await requireAgentEditor(request, input.region, input.agentId);
  await deleteSource(input.region, input.agentId, input.docId);
  return { deleted: input.docId };
}
export const deleteKnowledgeSource = defineKnowledgeCallable(knowledgeSourceInput, deleteKnowledgeSourceHandler);

/** Re-crawls a URL source now (files and text have nothing new to read). */
export async function refreshKnowledgeSourceHandler(input: SourceRef, request: Auth) {
  await requireAgentEditor(request, input.region, input.agentId);
  const doc = await readKbDoc(databaseFor(input.region), input.agentId, input.docId);
  if (!doc) throw new HttpsError('not-found', 'This source does not exist.');
  if (doc.sourceType !== 'url' || !doc.url) throw new HttpsError('failed-precondition', 'Only URL sources can be refreshed.');
  return { docId: doc.ID, ...(await ingestSource(input.region, input.agentId, doc.ID, { kind: 'url', url: doc.url })) };
}
export const refreshKnowledgeSource = defineKnowledgeCallable(knowledgeSourceInput, refreshKnowledgeSourceHandler);
