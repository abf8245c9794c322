// The conversation runtime: one entry point (prepareAnswer + runAnswer) used by the widget, the test
// debugger and channels. `runtimeDeps()` wires the production adapters; tests pass their own.
import { databaseFor } from '../adapters/firestore';
import { search } from '../knowledge/search';
import { defaultLlm, DEFAULT_TIMING, type RuntimeDeps } from './answer';
import type { KnowledgeSearch } from './knowledge-port';
import { firestoreCredits } from './metering';

export * from './answer';
export type { KnowledgeSearch, Passage, SearchRequest } from './knowledge-port';
export { firestoreCredits, type Charge, type CreditsPort, type Reservation } from './metering';

/** Retrieval through the knowledge feature's one search (Qdrant, or BM25 over the stored chunks). */
export const knowledgeSearch: KnowledgeSearch = ({ region, agentId, query, topK }) => search(agentId, query, topK, region);

export function runtimeDeps(overrides: Partial<RuntimeDeps> = {}): RuntimeDeps {
  return {
    db: databaseFor,
    search: knowledgeSearch,
    llm: defaultLlm,
    timing: DEFAULT_TIMING,
    now: Date.now,
    credits: firestoreCredits,
    agentCacheMs: 3000,
    ...overrides,
  };
}
