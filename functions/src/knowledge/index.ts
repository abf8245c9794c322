// Knowledge base: sources (text, files, URLs), ingestion into chunks, retrieval, scheduled refresh. Embeddings are
// paid through the composition's credits (KnowledgeDeps).
import type { Endpoint } from '../http/endpoint';
import { addKnowledgeSourceCallable } from './add-source';
import { getKbDocEndpoint } from './get-kb-doc';
import type { KnowledgeDeps } from './kb-usage';
import { deleteKnowledgeSource, listKnowledgeSources, refreshKnowledgeSourceCallable } from './manage-sources';
import { refreshKnowledgeSourcesJob } from './scheduled-refresh';

export const endpoints: Endpoint[] = [getKbDocEndpoint];
export { search, DEFAULT_TOP_K } from './search';
export type { KbHit } from './vector-index';
export type { KnowledgeDeps } from './kb-usage';

/** The knowledge base's callables and its hourly refresh, paying with `deps.credits`. */
export function knowledgeFunctions(deps: KnowledgeDeps) {
  return {
    addKnowledgeSource: addKnowledgeSourceCallable(deps),
    deleteKnowledgeSource,
    listKnowledgeSources,
    refreshKnowledgeSource: refreshKnowledgeSourceCallable(deps),
    refreshKnowledgeSources: refreshKnowledgeSourcesJob(deps),
  };
}
