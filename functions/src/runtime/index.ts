// The conversation runtime: one entry point (prepareAnswer + runAnswer) used by the widget, the test
// debugger and channels. `runtimeDeps()` wires the production adapters; tests pass their own.
import { databaseFor } from '../adapters/firestore';
import { defaultLlm, DEFAULT_TIMING, type RuntimeDeps } from './answer';
import { keywordSearch } from './keyword-search';
import type { KnowledgeSearch } from './knowledge-port';

export * from './answer';
export type { KnowledgeSearch, Passage, SearchRequest } from './knowledge-port';

let searchOverride: KnowledgeSearch | null = null;

/** The knowledge feature registers its retrieval here; until then the built-in lexical search answers. */
export function useKnowledgeSearch(search: KnowledgeSearch | null): void {
  searchOverride = search;
}

export function runtimeDeps(overrides: Partial<RuntimeDeps> = {}): RuntimeDeps {
  const fallback = keywordSearch(databaseFor);
  return {
    db: databaseFor,
    search: (request) => (searchOverride ?? fallback)(request),
    llm: defaultLlm,
    timing: DEFAULT_TIMING,
    now: Date.now,
    agentCacheMs: 3000,
    ...overrides,
  };
}
