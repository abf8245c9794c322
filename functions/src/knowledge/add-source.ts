// Callable addKnowledgeSource: a text document, a file (txt, md, html, pdf, docx, csv) or a URL with a refresh rate.
// The source is created INITIALIZED, then ingested before answering (the page polls the list meanwhile).
import { kbRefreshRateSchema, regionSchema } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { z } from 'zod';
import { defineKnowledgeCallable } from './define-knowledge-callable';
import { fileStore } from '../uploads/file-store';
import { decodePayload } from '../uploads/upload-file';
import { CONTENT_TYPES } from '../uploads/content-types';
import { checkUploadLimits, extensionOf } from '../uploads/limits';
import { requireAgentEditor } from './agent-access';
import { fileTypeOf, KB_FILE_ACCEPT } from './extract';
import { parseSourceUrl, UrlFetchError } from './fetch-url';
import { createSource, ingestSource, type IngestResult } from './ingest';

export const KB_FILE_MAX_MB = 10;
export const KB_TEXT_MAX_CHARS = 5_000_000;

const base = { region: regionSchema.default('na'), agentId: z.string().min(1).max(64) };
export const addKnowledgeSourceInput = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('text'), name: z.string().trim().min(1, 'Please provide a name for the document.').max(300), text: z.string().trim().min(1, 'Please add some text.').max(KB_TEXT_MAX_CHARS) }),
  z.object({ ...base, type: z.literal('file'), fileName: z.string().trim().min(1).max(300), base64Payload: z.string().min(1) }),
  z.object({ ...base, type: z.literal('url'), url: z.string().trim().min(1, 'Please enter a URL.').max(2000), refreshRate: kbRefreshRateSchema.default('never') }),
]);
export type AddKnowledgeSourceInput = z.output<typeof addKnowledgeSourceInput>;

export async function addKnowledgeSourceHandler(input: AddKnowledgeSourceInput, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<{ docId: string } & IngestResult> {
  const uid = await requireAgentEditor(request, input.region, input.agentId);
  const { region, agentId } = input;
  if (input.type === 'text') {
    const docId = await createSource(region, { agentId, userId: uid, name: input.name, sourceType: 'doc', fileType: 'text' });
    return { docId, ...(await ingestSource(region, agentId, docId, { kind: 'text', text: input.text })) };
  }
  if (input.type === 'file') {
    const data = decodePayload(input.base64Payload);
    const problem = checkUploadLimits({ name: input.fileName, size: data.length }, { maxSizeMB: KB_FILE_MAX_MB, accept: KB_FILE_ACCEPT });
    if (problem) throw new HttpsError('invalid-argument', problem);
    const fileType = fileTypeOf(input.fileName) ?? undefined;
    const docId = await createSource(region, { agentId, userId: uid, name: input.fileName, sourceType: 'doc', fileType });
    // Keep the original so it can be downloaded again; ingestion does not depend on it.
    const safeName = input.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
    const contentURL = await fileStore()
      .put(`kb/${agentId}/${docId}/${safeName}`, data, { contentType: CONTENT_TYPES[extensionOf(safeName)] ?? 'application/octet-stream', cacheControl: 'private, max-age=0' })
      .catch(() => undefined);
    const result = await ingestSource(region, agentId, docId, { kind: 'file', data, fileName: input.fileName });
    if (contentURL) await (await import('../adapters/firestore')).databaseFor(region).doc(`voiceglow/${agentId}/kb/${docId}`).update({ contentURL });
    return { docId, ...result };
  }
  try {
    parseSourceUrl(input.url);
  } catch (error) {
    throw new HttpsError('invalid-argument', error instanceof UrlFetchError ? error.message : 'Please enter a valid URL.');
  }
  const docId = await createSource(region, { agentId, userId: uid, name: input.url, sourceType: 'url', url: input.url, refreshRate: input.refreshRate });
  return { docId, ...(await ingestSource(region, agentId, docId, { kind: 'url', url: input.url })) };
}

export const addKnowledgeSource = defineKnowledgeCallable(addKnowledgeSourceInput, addKnowledgeSourceHandler);
