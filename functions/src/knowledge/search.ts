// Retrieval entry point for the conversation runtime.
import { paths, REGIONS, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import type { KbHit, VectorIndex } from './vector-index';

export const DEFAULT_TOP_K = 4;

/**
 * The agent's knowledge-base chunks most relevant to `query`, best first (empty when it has none).
 * `region` is the agent's region; when omitted, the region holding the agent is looked up (na, then eu).
 */
export async function search(index: VectorIndex, agentId: string, query: string, topK = DEFAULT_TOP_K, region?: Region): Promise<KbHit[]> {
  if (!query.trim() || topK < 1) return [];
  const where = region ?? (await regionOfAgent(agentId));
  if (!where) return [];
  return index.search(where, agentId, query, topK);
}

async function regionOfAgent(agentId: string): Promise<Region | null> {
  for (const region of REGIONS) {
    if ((await databaseFor(region).doc(paths.agent(agentId)).get()).exists) return region;
  }
  return null;
}
