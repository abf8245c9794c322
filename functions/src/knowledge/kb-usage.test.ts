// A knowledge base costs its workspace: embeddings are paid in credits (reserved first, settled with the tokens the
// embeddings API reports), and the plan's maxKbDocsCharCount bounds what an agent may hold.
import { FREE_KB_DOCS_CHAR_COUNT, paths } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { createSource, ingestSource } from './ingest';
import { platformVectorIndex, type VectorIndex } from './vector-index';
import { platformFileStore } from '../uploads';
import { createCredits } from '../credits';

/** Ingestion's dependencies as the composition hands them over: embeddings paid from the agent's payer. */
const kb = { credits: createCredits(), vectorIndex: platformVectorIndex(), fileStore: platformFileStore() };


const OWNER = 'kb-usage-owner';
const AGENT = 'kbUsageAgent0001';
const db = () => databaseFor('na');
let embedded: number[] = [];
let failNext = false;

/** Stands for Qdrant: reports 20 tokens per chunk, as the embeddings API would count them. */
const paidIndex: VectorIndex = {
  kind: 'qdrant',
  async index(_region, _agentId, _docId, chunks) {
    if (failNext) throw new Error('qdrant down');
    embedded.push(chunks.length);
    return { embeddedTokens: chunks.length * 20 };
  },
  async remove() {},
  async search() {
    return [];
  },
};

beforeEach(async () => {
  embedded = [];
  failNext = false;
  kb.vectorIndex = paidIndex;
  await db().recursiveDelete(db().collection(paths.kb(AGENT)));
  await db().recursiveDelete(db().collection(paths.creditUsageLogs(OWNER)));
  await seedWorkspace('na', OWNER, 'vg_kbUsageOwnerSecret001', { loadTokens: 10 });
  await seedAgent('na', AGENT, OWNER, 'vg_kbUsageAgentSecret001');
});

async function add(text: string, docId?: string) {
  const id = docId ?? (await createSource('na', { agentId: AGENT, userId: OWNER, name: 'notes.txt', sourceType: 'doc', fileType: 'txt' }));
  return { id, result: await ingestSource(kb, 'na', AGENT, id, { kind: 'text', text }) };
}
const balance = async () => (await db().doc(paths.user(OWNER)).get()).get('loadTokens') as number;
const embeddingLogs = async () => (await db().collection(paths.creditUsageLogs(OWNER)).where('featureKey', '==', 'kb-embedding').get()).docs.map((d) => d.data());

describe('embeddings are metered', () => {
  it('charges the tokens the embeddings API counted, with a credit usage log', async () => {
    const { result } = await add('Our bakery opens at seven. '.repeat(40));
    expect(result.status).toBe('SUCCESS');
    expect(embedded).toEqual([1]);
    const logs = await embeddingLogs();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ amount: 0.1, causedBy: 'feature', agentId: AGENT, inputTokens: 20, modelId: 'text-embedding-3-small' });
    expect(await balance()).toBeCloseTo(9.9, 5);
  });

  it('refuses to embed for a workspace without credits: nothing is indexed', async () => {
    await db().doc(paths.user(OWNER)).set({ loadTokens: 0 }, { merge: true });
    const { result } = await add('Delivery costs three euros.');
    expect(result).toMatchObject({ status: 'ERROR', error: 'Your workspace has no credits left to index this source.' });
    expect(embedded).toEqual([]);
  });

  it('gives the reserved credits back when indexing fails', async () => {
    failNext = true;
    const { result } = await add('Delivery costs three euros.');
    expect(result.status).toBe('ERROR');
    expect(await balance()).toBe(10);
    expect(await embeddingLogs()).toEqual([]);
  });

  it("an org of the workspace with billing that lists the agent pays instead, with the workspace's log naming it", async () => {
    const { forgetPayers } = await import('../credits/payer');
    await db().doc(paths.org('kbUsageOrg')).set({ ID: 'kbUsageOrg', ownerID: OWNER, widgetIDs: [AGENT], allowBilling: true, loadTokens: 5 });
    forgetPayers();
    try {
      const { result } = await add('Our bakery opens at seven. '.repeat(40));
      expect(result.status).toBe('SUCCESS');
      expect((await db().doc(paths.org('kbUsageOrg')).get()).get('loadTokens')).toBeCloseTo(4.9, 5);
      expect(await balance()).toBe(10);
      expect(await embeddingLogs()).toMatchObject([{ amount: 0.1, orgId: 'kbUsageOrg' }]);
    } finally {
      await db().doc(paths.org('kbUsageOrg')).delete();
      forgetPayers();
    }
  });

  it('costs nothing with the local index (no embeddings)', async () => {
    kb.vectorIndex = platformVectorIndex();
    const { result } = await add('Delivery costs three euros.');
    expect(result.status).toBe('SUCCESS');
    expect(await balance()).toBe(10);
  });
});

describe("the plan's maxKbDocsCharCount", () => {
  it('refuses a source that would take the agent over its limit; its earlier text is not counted twice', async () => {
    await db().doc(paths.user(OWNER)).set({ internal: { customPlan: { limits: { maxKbDocsCharCount: 100 } } } }, { merge: true });
    const first = await add('a'.repeat(60));
    expect(first.result.status).toBe('SUCCESS');
    const second = await add('b'.repeat(41));
    expect(second.result).toMatchObject({
      status: 'ERROR',
      error: "This source would take the knowledge base over its plan's limit of 100 characters. Remove a source or upgrade your plan.",
    });
    // Replacing the first source's text with a longer one still fits: its old 60 characters go.
    expect((await add('c'.repeat(100), first.id)).result.status).toBe('SUCCESS');
    expect(embedded).toEqual([1, 1]);
  });

  it('applies the free default when the plan sets none', async () => {
    const { result } = await add('d'.repeat(FREE_KB_DOCS_CHAR_COUNT + 1));
    expect(result.status).toBe('ERROR');
    expect(embedded).toEqual([]);
  });
});
