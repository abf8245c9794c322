// The conversation runtime: one entry point (prepareAnswer + runAnswer) used by the widget, the test
// debugger and channels. `runtimeDeps()` wires the production adapters; tests pass their own.
import { databaseFor } from '../adapters/firestore';
import { notifyConversationEvent } from '../clients';
import { search } from '../knowledge/search';
import { defaultLlm, DEFAULT_TIMING, type RuntimeDeps } from './answer';
import type { KnowledgeSearch } from './knowledge-port';
import { firestoreCredits } from './metering';

export * from './answer';
export type { KnowledgeSearch, Passage, SearchRequest } from './knowledge-port';
export type { ConversationEvent, ConversationNotifier } from './notify-port';
export { firestoreCredits, type Charge, type CreditsPort, type Reservation } from './metering';

/** Retrieval through the knowledge feature's one search (Qdrant, or BM25 over the stored chunks). */
export const knowledgeSearch: KnowledgeSearch = ({ region, agentId, query, topK }) => search(agentId, query, topK, region);

export function runtimeDeps(overrides: Partial<RuntimeDeps> = {}): RuntimeDeps {
  const deps: RuntimeDeps = {
    db: databaseFor,
    search: knowledgeSearch,
    llm: defaultLlm,
    timing: DEFAULT_TIMING,
    now: Date.now,
    credits: firestoreCredits,
    agentCacheMs: 3000,
    // New conversations and handoff requests: the notification the workspace and the agent's clients read, and
    // the clients' e-mails (clients feature), in the region's database the other dependencies use.
    notify: (event) => notifyConversationEvent(deps.db(event.region), event),
    ...overrides,
  };
  return deps;
}
