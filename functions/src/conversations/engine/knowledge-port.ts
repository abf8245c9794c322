// What the runtime needs from the knowledge base: the passages that best match a query.
import type { Region } from '@parley/core';

export interface Passage {
  /** kb document id (voiceglow/{agentId}/kb/{docId}). */
  docId: string;
  /** The document's name, shown as the cited source. */
  name: string;
  text: string;
  /** Relevance, higher is better (scale depends on the search backend). */
  score: number;
}

export interface SearchRequest {
  region: Region;
  agentId: string;
  query: string;
  topK: number;
}

export type KnowledgeSearch = (request: SearchRequest) => Promise<Passage[]>;
