// Knowledge base: sources (text, files, URLs), ingestion into chunks, retrieval, scheduled refresh.
import type { Endpoint } from '../http/endpoint';
import { useKnowledgeSearch } from '../runtime';
import { getKbDocEndpoint } from './get-kb-doc';
import { search } from './search';

export const endpoints: Endpoint[] = [getKbDocEndpoint];
export { search, DEFAULT_TOP_K } from './search';
export type { KbHit } from './vector-index';
export { addKnowledgeSource } from './add-source';
export { deleteKnowledgeSource, listKnowledgeSources, refreshKnowledgeSource } from './manage-sources';
export { refreshKnowledgeSources } from './scheduled-refresh';

// The conversation runtime retrieves through this feature's index (Qdrant or local BM25 over stored chunks).
useKnowledgeSearch(async ({ region, agentId, query, topK }) => search(agentId, query, topK, region));
