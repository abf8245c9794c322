// Ingestion: a source moves INITIALIZED → PENDING → SUCCESS (text extracted, chunked, indexed) or ERROR (message kept).
import { newDocId, paths, type KbFileType, type KbRefreshRate, type knowledgeApi, type Region } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { KB_ORIGINALS_ROOT } from '../uploads';
import { chunkText } from './chunk';
import { deleteAllChunks, toStoredChunks, writeChunks } from './chunk-store';
import { ExtractionError, extractText, fileTypeOf } from './extract';
import { fetchUrl, UrlFetchError } from './fetch-url';
import { normalizeWhitespace } from './html-to-text';
import { agentMaxChunkSize, KB_DOC_CONTENT_MAX_CHARS, readKbDoc, refreshAgentKbStats, type KbDoc } from './kb-docs';
import { indexChunks, requireKbRoom, type KnowledgeDeps } from './kb-usage';

export type SourceInput =
  | { kind: 'text'; text: string }
  | { kind: 'file'; data: Uint8Array; fileName: string }
  | { kind: 'url'; url: string };

export interface NewSource {
  agentId: string;
  userId: string;
  name: string;
  sourceType: 'doc' | 'url';
  url?: string;
  refreshRate?: KbRefreshRate;
  fileType?: KbFileType | 'text';
  /** A page read by a crawl job: the job's id. */
  crawlJobId?: string;
}

export const NO_TEXT_MESSAGE = 'No text could be found in this source.';

/** Where a file source's original is kept, privately: kb/{agentId}/{docId}/. */
export const originalsFolder = (agentId: string, docId: string) => `${KB_ORIGINALS_ROOT}/${agentId}/${docId}`;

/** Creates the kb document in INITIALIZED state and returns its id. */
export async function createSource(region: Region, source: NewSource, docId = newDocId()): Promise<string> {
  const doc: KbDoc = {
    ID: docId,
    name: source.name,
    content: '',
    ts: Date.now(),
    userId: source.userId,
    agentId: source.agentId,
    sourceType: source.sourceType,
    ...(source.url ? { url: source.url } : {}),
    ...(source.fileType ? { fileType: source.fileType } : {}),
    ...(source.crawlJobId ? { crawlJobId: source.crawlJobId } : {}),
    refreshRate: source.sourceType === 'url' ? source.refreshRate ?? 'never' : 'never',
    status: 'INITIALIZED',
    charCount: 0,
    chunkIds: [],
  };
  await databaseFor(region).doc(paths.kbDoc(source.agentId, docId)).create(doc);
  return docId;
}

async function textOf(input: SourceInput): Promise<string> {
  switch (input.kind) {
    case 'text':
      return normalizeWhitespace(input.text);
    case 'file': {
      const type = fileTypeOf(input.fileName);
      if (!type) throw new ExtractionError('Only .txt, .md, .html, .pdf, .docx and .csv files can be added.');
      return extractText(input.data, type);
    }
    case 'url': {
      const page = await fetchUrl(input.url);
      return extractText(page.data, page.type);
    }
  }
}

/** The outcome of an ingestion (core's ingestResultSchema without the document id). */
export type IngestResult = Omit<knowledgeApi.IngestResult, 'docId'>;

export async function ingestSource(deps: KnowledgeDeps, region: Region, agentId: string, docId: string, input: SourceInput): Promise<IngestResult> {
  const db = databaseFor(region);
  const ref = db.doc(paths.kbDoc(agentId, docId));
  await ref.update({ status: 'PENDING', pendingSince: Math.floor(Date.now() / 1000), error: FieldValue.delete() });
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  try {
    const text = await textOf(input);
    if (!text) throw new ExtractionError(NO_TEXT_MESSAGE);
    await requireKbRoom(db, agentId, docId, text.length);
    const previous = (await readKbDoc(db, agentId, docId))?.chunkIds ?? [];
    const name = (await ref.get()).get('name') ?? '';
    const chunks = toStoredChunks(agentId, docId, String(name), chunkText(text, await agentMaxChunkSize(db, agentId)));
    await writeChunks(db, chunks, agentId, docId, previous);
    await indexChunks(deps, region, db, agentId, docId, chunks);
    await ref.update({
      status: 'SUCCESS',
      content: text.slice(0, KB_DOC_CONTENT_MAX_CHARS),
      contentTruncated: text.length > KB_DOC_CONTENT_MAX_CHARS,
      charCount: text.length,
      chunkIds: chunks.map((c) => c.id),
      lastRefreshTS: nowSeconds(),
    });
    await refreshAgentKbStats(db, agentId);
    return { status: 'SUCCESS', charCount: text.length, chunkCount: chunks.length };
  } catch (error) {
    const known = error instanceof ExtractionError || error instanceof UrlFetchError;
    if (!known) console.error('[kb] ingestion failed:', error instanceof Error ? error.message : 'unknown error');
    const message = known ? (error as Error).message : 'Could not process this source. Please try again.';
    await ref.update({ status: 'ERROR', error: message, lastRefreshTS: nowSeconds() });
    await refreshAgentKbStats(db, agentId);
    return { status: 'ERROR', error: message, charCount: 0, chunkCount: 0 };
  }
}

/** Removes a source: its chunks, its vectors, its original file, the document, and updates the agent's totals. */
export async function deleteSource(deps: KnowledgeDeps, region: Region, agentId: string, docId: string): Promise<void> {
  const db = databaseFor(region);
  const doc = await readKbDoc(db, agentId, docId);
  await deleteAllChunks(db, agentId, docId, doc?.chunkIds ?? []);
  await deps.vectorIndex.remove(region, agentId, docId);
  await deps.fileStore.removeFolder(originalsFolder(agentId, docId));
  await db.doc(paths.kbDoc(agentId, docId)).delete();
  await refreshAgentKbStats(db, agentId);
}
