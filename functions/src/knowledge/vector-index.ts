// Vector port: Qdrant (with OpenAI-compatible embeddings) when QDRANT_URL is set, otherwise lexical BM25 over the
// chunks stored in Firestore. Both answer search(region, agentId, query, topK) with the best chunks first.
import { createHash } from 'node:crypto';
import type { Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { openaiApiKey } from '../adapters/llm/settings';
import { estimateTokens } from '../adapters/llm/tokens';
import { bm25Rank } from './bm25';
import { listAgentChunks, type StoredChunk } from './chunk-store';

export interface KbHit {
  chunkId: string;
  docId: string;
  /** The kb document's name (file name, URL or title). */
  name: string;
  text: string;
  /** Higher is better; BM25 score locally, cosine similarity with Qdrant. */
  score: number;
}

export interface VectorIndex {
  readonly kind: 'local' | 'qdrant';
  /** Called after the chunks were written to Firestore; says how many tokens it embedded (what they cost). */
  index(region: Region, agentId: string, docId: string, chunks: StoredChunk[]): Promise<{ embeddedTokens: number } | void>;
  remove(region: Region, agentId: string, docId: string): Promise<void>;
  search(region: Region, agentId: string, query: string, topK: number): Promise<KbHit[]>;
}

export interface LocalIndexOptions {
  /**
   * How long an instance reuses an agent's chunks (0: read them for every search). A chat turn then waits on no
   * query of the chunks; knowledge added or removed through this index shows at once, through another instance
   * within that time, as the agent's settings do.
   */
  cacheMs?: number;
  now?: () => number;
}

/** Keeps this many agents' chunks per instance; beyond it the oldest are dropped. */
const CHUNK_CACHE_MAX = 200;

export function localIndex(options: LocalIndexOptions = {}): VectorIndex {
  const cacheMs = options.cacheMs ?? 0;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; chunks: Promise<StoredChunk[]> }>();
  const chunksOf = (region: Region, agentId: string): Promise<StoredChunk[]> => {
    if (cacheMs <= 0) return listAgentChunks(databaseFor(region), agentId);
    const key = `${region}/${agentId}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < cacheMs) return hit.chunks;
    const chunks = listAgentChunks(databaseFor(region), agentId);
    cache.delete(key);
    if (cache.size >= CHUNK_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now(), chunks });
    // A failed read is not kept.
    chunks.catch(() => {
      if (cache.get(key)?.chunks === chunks) cache.delete(key);
    });
    return chunks;
  };
  return {
    kind: 'local',
    async index(region, agentId) {
      // Chunks are already in Firestore; the lexical index reads them at query time.
      cache.delete(`${region}/${agentId}`);
    },
    async remove(region, agentId) {
      cache.delete(`${region}/${agentId}`);
    },
    async search(region, agentId, query, topK) {
      const chunks = await chunksOf(region, agentId);
      return bm25Rank(query, chunks, (c) => `${c.name}\n${c.text}`, topK).map(({ item, score }) => ({
        chunkId: item.id, docId: item.docId, name: item.name, text: item.text, score,
      }));
    },
  };
}

/**
 * Functions that index or remove chunks embed them through the OpenAI-compatible client when Qdrant is
 * configured (OPENAI_API_KEY): the secret must be bound to each of them, or production runs them without it.
 */
export const KNOWLEDGE_SECRETS = [openaiApiKey];

export const EMBEDDING_MODEL = process.env.EMBEDDING_MODEL ?? 'text-embedding-3-small';
export const EMBEDDING_DIMENSION = 1536;

/** Qdrant point ids must be UUIDs or integers: derive a stable UUID from the chunk id. */
export function pointId(chunkId: string): string {
  const h = createHash('sha1').update(chunkId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The texts' vectors and the tokens the embeddings API counted (an estimate when it reports none). */
async function embed(texts: string[]): Promise<{ vectors: number[][]; tokens: number }> {
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY ?? 'none', baseURL: process.env.OPENAI_BASE_URL });
  const vectors: number[][] = [];
  let tokens = 0;
  for (let i = 0; i < texts.length; i += 100) {
    const batch = texts.slice(i, i + 100);
    const res = await client.embeddings.create({ model: EMBEDDING_MODEL, input: batch });
    vectors.push(...res.data.map((d) => d.embedding));
    tokens += res.usage?.total_tokens ?? batch.reduce((sum, t) => sum + estimateTokens(t), 0);
  }
  return { vectors, tokens };
}

export function qdrantIndex(url: string, apiKey?: string): VectorIndex {
  const client = async () => {
    const { QdrantClient } = await import('@qdrant/js-client-rest');
    return new QdrantClient({ url, apiKey, checkCompatibility: false });
  };
  const collection = (region: Region, agentId: string) => `${region}_${agentId}`;
  async function ensure(region: Region, agentId: string) {
    const c = await client();
    const name = collection(region, agentId);
    const { exists } = await c.collectionExists(name);
    if (!exists) await c.createCollection(name, { vectors: { size: EMBEDDING_DIMENSION, distance: 'Cosine' } });
    return c;
  }
  return {
    kind: 'qdrant',
    async index(region, agentId, docId, chunks) {
      const c = await ensure(region, agentId);
      await c.delete(collection(region, agentId), { wait: true, filter: { must: [{ key: 'docId', match: { value: docId } }] } });
      if (chunks.length === 0) return { embeddedTokens: 0 };
      const { vectors, tokens } = await embed(chunks.map((ch) => ch.text));
      await c.upsert(collection(region, agentId), {
        wait: true,
        points: chunks.map((ch, i) => ({
          id: pointId(ch.id), vector: vectors[i] ?? [],
          payload: { chunkId: ch.id, docId: ch.docId, name: ch.name, text: ch.text },
        })),
      });
      return { embeddedTokens: tokens };
    },
    async remove(region, agentId, docId) {
      const c = await ensure(region, agentId);
      await c.delete(collection(region, agentId), { wait: true, filter: { must: [{ key: 'docId', match: { value: docId } }] } });
    },
    async search(region, agentId, query, topK) {
      const c = await ensure(region, agentId);
      const [vector] = (await embed([query])).vectors;
      const hits = await c.search(collection(region, agentId), { vector: vector ?? [], limit: topK, with_payload: true });
      return hits.map((h) => {
        const p = (h.payload ?? {}) as Record<string, unknown>;
        return { chunkId: String(p.chunkId ?? h.id), docId: String(p.docId ?? ''), name: String(p.name ?? ''), text: String(p.text ?? ''), score: h.score };
      });
    },
  };
}

/**
 * The platform's index (the composition's): Qdrant when QDRANT_URL is set, the stored chunks' BM25 otherwise (with
 * `chunkCacheMs`, see LocalIndexOptions.cacheMs).
 */
export function platformVectorIndex(options: { chunkCacheMs?: number } = {}): VectorIndex {
  return process.env.QDRANT_URL ? qdrantIndex(process.env.QDRANT_URL, process.env.QDRANT_API_KEY) : localIndex({ cacheMs: options.chunkCacheMs });
}
