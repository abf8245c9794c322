// Ingestion: a source moves INITIALIZED → PENDING → SUCCESS (text extracted, chunked, indexed) or ERROR (message kept).
import { createHash } from 'node:crypto';
import { newDocId, paths, type KbFileType, type KbRefreshRate, type knowledgeApi, type Region } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { KB_ORIGINALS_ROOT } from '../uploads';
import { chunkText } from './chunk';
import { deleteAllChunks, toStoredChunks, writeChunks } from './chunk-store';
import { ExtractionError, extractText, fileTypeOf } from './extract';
import { fetchUrl, fetchUrlIfChanged, UrlFetchError, type Validators } from './fetch-url';
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

/** The source's text, and for a URL what the site said about the page's version. */
async function textOf(input: SourceInput): Promise<{ text: string; validators?: Validators }> {
  switch (input.kind) {
    case 'text':
      return { text: normalizeWhitespace(input.text) };
    case 'file': {
      const type = fileTypeOf(input.fileName);
      if (!type) throw new ExtractionError('Only .txt, .md, .html, .pdf, .docx and .csv files can be added.');
      return { text: await extractText(input.data, type) };
    }
    case 'url': {
      const page = await fetchUrl(input.url);
      return { text: await extractText(page.data, page.type), validators: page.validators };
    }
  }
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The outcome of an ingestion (core's ingestResultSchema without the document id). */
export type IngestResult = Omit<knowledgeApi.IngestResult, 'docId'>;

export async function ingestSource(deps: KnowledgeDeps, region: Region, agentId: string, docId: string, input: SourceInput): Promise<IngestResult> {
  const db = databaseFor(region);
  const ref = db.doc(paths.kbDoc(agentId, docId));
  await ref.update({ status: 'PENDING', pendingSince: Math.floor(Date.now() / 1000), error: FieldValue.delete() });
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  try {
    const { text, validators } = await textOf(input);
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
      contentHash: hashOf(text),
      etag: validators?.etag ?? FieldValue.delete(),
      lastModified: validators?.lastModified ?? FieldValue.delete(),
    });
    await refreshAgentKbStats(db, agentId);
    return { status: 'SUCCESS', charCount: text.length, chunkCount: chunks.length };
  } catch (error) {
    return recordFailure(region, agentId, docId, error);
  }
}

/** A source that could not be read: ERROR with our sentence (never the site's or the network's words). */
async function recordFailure(region: Region, agentId: string, docId: string, error: unknown): Promise<IngestResult> {
  const db = databaseFor(region);
  const known = error instanceof ExtractionError || error instanceof UrlFetchError;
  if (!known) console.error('[kb] ingestion failed:', error instanceof Error ? error.message : 'unknown error');
  const message = known ? (error as Error).message : 'Could not process this source. Please try again.';
  await db.doc(paths.kbDoc(agentId, docId)).update({ status: 'ERROR', error: message, lastRefreshTS: Math.floor(Date.now() / 1000) });
  await refreshAgentKbStats(db, agentId);
  return { status: 'ERROR', error: message, charCount: 0, chunkCount: 0 };
}

/**
 * Refreshes a URL source, re-embedding it only when it changed: a 304 to the stored validators, or a text whose hash
 * is the stored one, only marks it refreshed (no chunk written, nothing embedded, no credit used). A changed page is
 * ingested as a new one is; a page that cannot be read is recorded as ingestion records it.
 */
export async function refreshUrlSource(deps: KnowledgeDeps, region: Region, agentId: string, docId: string, url: string): Promise<IngestResult & { unchanged?: true }> {
  const ref = databaseFor(region).doc(paths.kbDoc(agentId, docId));
  const doc = await readKbDoc(databaseFor(region), agentId, docId);
  const indexed = doc?.status === 'SUCCESS';
  const unchanged = async (validators?: Validators) => {
    await ref.update({ lastRefreshTS: Math.floor(Date.now() / 1000), ...(validators?.etag ? { etag: validators.etag } : {}), ...(validators?.lastModified ? { lastModified: validators.lastModified } : {}) });
    return { status: 'SUCCESS' as const, charCount: doc?.charCount ?? 0, chunkCount: doc?.chunkIds.length ?? 0, unchanged: true as const };
  };
  let text: string;
  let validators: Validators;
  try {
    const page = await fetchUrlIfChanged(url, indexed ? { etag: doc.etag, lastModified: doc.lastModified } : {});
    if (!page) return await unchanged();
    text = await extractText(page.data, page.type);
    validators = page.validators;
  } catch (error) {
    return recordFailure(region, agentId, docId, error);
  }
  if (indexed && text && doc.contentHash === hashOf(text)) return unchanged(validators);
  const result = await ingestSource(deps, region, agentId, docId, { kind: 'text', text });
  if (result.status === 'SUCCESS' && (validators.etag || validators.lastModified)) await ref.update({ ...validators });
  return result;
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
