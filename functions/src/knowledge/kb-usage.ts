// What a knowledge base may cost its workspace: its size is bounded by the plan (maxKbDocsCharCount, per agent),
// and embedding its chunks for Qdrant is paid in credits, reserved before the embeddings API is called and
// settled with the tokens it reports. The local BM25 index embeds nothing and costs nothing.
import { embeddingCredits, kbCharLimit, paths, USAGE_MESSAGES, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { payerOf, payingOrg, StopError, type CreditsPort } from '../credits';
import { estimateTokens } from '../adapters/llm/tokens';
import type { StoredChunk } from './chunk-store';
import { ExtractionError } from './extract';
import type { FileStore } from '../uploads';
import { EMBEDDING_MODEL, type VectorIndex } from './vector-index';

/** What the knowledge base is given by the composition: the credits embeddings are paid with, the index, the file store. */
export interface KnowledgeDeps {
  credits: CreditsPort;
  vectorIndex: VectorIndex;
  /** Keeps the originals of uploaded sources (privately). */
  fileStore: FileStore;
}

/** The agent's workspace (users/{ownerID}), '' when the agent names none. */
async function ownerOf(db: Firestore, agentId: string): Promise<string> {
  const owner = (await db.doc(paths.agent(agentId)).get()).get('ownerID');
  return typeof owner === 'string' ? owner : '';
}

/**
 * Refuses (the source ends in ERROR with the limit's message) a text that would take the agent's knowledge base
 * over its plan's maxKbDocsCharCount: the other documents' characters plus this one's new text.
 */
export async function requireKbRoom(db: Firestore, agentId: string, docId: string, chars: number): Promise<void> {
  const ownerID = await ownerOf(db, agentId);
  const [workspace, docs] = await Promise.all([
    ownerID ? db.doc(paths.user(ownerID)).get() : null,
    db.collection(paths.kb(agentId)).select('charCount').get(),
  ]);
  const others = docs.docs.filter((d) => d.id !== docId).reduce((sum, d) => sum + (Number(d.get('charCount')) || 0), 0);
  const limit = kbCharLimit(workspace?.data());
  if (others + chars > limit) throw new ExtractionError(USAGE_MESSAGES.kbCharLimit(limit));
}

/**
 * Indexes the chunks; when that embeds them (Qdrant), whoever pays for the agent (its workspace, or an org of it with
 * billing on) pays the tokens the embeddings API reports.
 */
export async function indexChunks({ credits, vectorIndex }: KnowledgeDeps, region: Region, db: Firestore, agentId: string, docId: string, chunks: StoredChunk[]): Promise<void> {
  const index = vectorIndex;
  if (index.kind === 'local' || chunks.length === 0) {
    await index.index(region, agentId, docId, chunks);
    return;
  }
  const ownerID = await ownerOf(db, agentId);
  const orgId = payingOrg(await payerOf(db, { ID: agentId, ownerID }));
  const estimate = embeddingCredits(chunks.reduce((sum, c) => sum + estimateTokens(c.text), 0));
  let reservation;
  try {
    reservation = await credits.reserve(db, { ownerID, ...(orgId ? { orgId } : {}), estimate }, Date.now());
  } catch (error) {
    if (error instanceof StopError) throw new ExtractionError(USAGE_MESSAGES.noCreditsToIndex);
    throw error;
  }
  let tokens: number;
  try {
    tokens = (await index.index(region, agentId, docId, chunks))?.embeddedTokens ?? 0;
  } catch (error) {
    await credits.release(db, reservation).catch(() => undefined);
    throw error;
  }
  await credits.settle(
    db,
    reservation,
    {
      amount: embeddingCredits(tokens),
      log: {
        causedBy: 'feature',
        agentId,
        featureKey: 'kb-embedding',
        logMessage: `Knowledge source ${docId}: ${chunks.length} chunks embedded`,
        inputTokens: tokens,
        totalTokens: tokens,
        modelId: EMBEDDING_MODEL,
      },
    },
    Date.now(),
  );
}
