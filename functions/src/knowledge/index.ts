// Knowledge base: sources (text, files, URLs), ingestion into chunks, retrieval, scheduled refresh.
import type { Endpoint } from '../http/endpoint';
import { getKbDocEndpoint } from './get-kb-doc';

export const endpoints: Endpoint[] = [getKbDocEndpoint];
export { search, DEFAULT_TOP_K } from './search';
export type { KbHit } from './vector-index';
export { addKnowledgeSource } from './add-source';
export { deleteKnowledgeSource, listKnowledgeSources, refreshKnowledgeSource } from './manage-sources';
export { refreshKnowledgeSources } from './scheduled-refresh';
