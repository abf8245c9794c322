// Knowledge base: sources (text, files, URLs), ingestion into chunks, retrieval, scheduled refresh. The composition
// hands it the credits embeddings are paid with, the vector index and the file store (KnowledgeDeps).
import type { Endpoint } from '../http/endpoint';
import { addKnowledgeSourceCallable } from './add-source';
import { getKbDocEndpoint } from './get-kb-doc';
import type { KnowledgeDeps } from './kb-usage';
import { deleteKnowledgeSourceCallable, listKnowledgeSources, refreshKnowledgeSourceCallable } from './manage-sources';
import { refreshKnowledgeSourcesJob } from './scheduled-refresh';

export const endpoints: Endpoint[] = [getKbDocEndpoint];
export { search, DEFAULT_TOP_K } from './search';
export { KNOWLEDGE_SECRETS, platformVectorIndex, type KbHit, type VectorIndex } from './vector-index';
export type { KnowledgeDeps } from './kb-usage';
// The Crawler (functions/src/crawler) makes and keeps one source per page through the same ingestion.
export { createSource, deleteSource, ingestSource, type IngestResult } from './ingest';
export { htmlToText } from './html-to-text';

/** The knowledge base's callables. */
export function knowledgeCallables(deps: KnowledgeDeps) {
  return {
    addKnowledgeSource: addKnowledgeSourceCallable(deps),
    deleteKnowledgeSource: deleteKnowledgeSourceCallable(deps),
    listKnowledgeSources,
    refreshKnowledgeSource: refreshKnowledgeSourceCallable(deps),
  };
}

/** The knowledge base's hourly refresh of URL sources. */
export { refreshKnowledgeSourcesJob };
