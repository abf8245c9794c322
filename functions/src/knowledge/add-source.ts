// Callable addKnowledgeSource: a text document, a file (txt, md, html, pdf, docx, csv) or a URL with a refresh rate.
// The source is created INITIALIZED, then ingested before answering (the page polls the list meanwhile).
import { fileExtension, KB_FILE_ACCEPT, KB_FILE_MAX_MB, knowledgeApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { CONTENT_TYPES, decodeWithin } from '../uploads';
import { fileTypeOf } from './extract';
import { parseSourceUrl, UrlFetchError } from './fetch-url';
import { createSource, ingestSource, originalsFolder } from './ingest';
import type { KnowledgeDeps } from './kb-usage';
import { KNOWLEDGE_SECRETS } from './vector-index';

const contract = knowledgeApi.addKnowledgeSource;
export const addKnowledgeSourceInput = contract.input;
export type AddKnowledgeSourceInput = z.output<typeof contract.input>;

export async function addKnowledgeSourceHandler(deps: KnowledgeDeps, input: AddKnowledgeSourceInput, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<knowledgeApi.IngestResult> {
  // Writing knowledge is members' only (firestore.rules: `match /kb/{docId}` create needs isAgentMember()).
  const { actor: uid } = await requireAgentAccess(callerOf(request), input.region, input.agentId);
  const { region, agentId } = input;
  if (input.type === 'text') {
    const docId = await createSource(region, { agentId, userId: uid, name: input.name, sourceType: 'doc', fileType: 'text' });
    return { docId, ...(await ingestSource(deps, region, agentId, docId, { kind: 'text', text: input.text })) };
  }
  if (input.type === 'file') {
    const data = decodeWithin(input.base64Payload, input.fileName, [{ maxSizeMB: KB_FILE_MAX_MB, accept: KB_FILE_ACCEPT }]);
    const fileType = fileTypeOf(input.fileName) ?? undefined;
    const docId = await createSource(region, { agentId, userId: uid, name: input.fileName, sourceType: 'doc', fileType });
    // The original is kept privately (no URL leads to it; deleting the source removes it); ingestion does not
    // depend on it.
    const safeName = input.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
    await deps.fileStore
      .putPrivate(`${originalsFolder(agentId, docId)}/${safeName}`, data, { contentType: CONTENT_TYPES[fileExtension(safeName)] ?? 'application/octet-stream' })
      .catch(() => undefined);
    return { docId, ...(await ingestSource(deps, region, agentId, docId, { kind: 'file', data, fileName: input.fileName })) };
  }
  try {
    parseSourceUrl(input.url);
  } catch (error) {
    throw new HttpsError('invalid-argument', error instanceof UrlFetchError ? error.message : 'Please enter a valid URL.');
  }
  const docId = await createSource(region, { agentId, userId: uid, name: input.url, sourceType: 'url', url: input.url, refreshRate: input.refreshRate });
  return { docId, ...(await ingestSource(deps, region, agentId, docId, { kind: 'url', url: input.url })) };
}

export const addKnowledgeSourceCallable = (deps: KnowledgeDeps) =>
  defineCallable(contract, (input, request) => addKnowledgeSourceHandler(deps, input, request), { secrets: KNOWLEDGE_SECRETS });
