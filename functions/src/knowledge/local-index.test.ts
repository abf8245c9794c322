// The local index (BM25 over the stored chunks) on Google's Firestore emulator: a warm instance searches an agent's
// chunks without reading them again for a few seconds, yet knowledge added or removed through it is searched at once.
import { describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { toStoredChunks, writeChunks } from './chunk-store';
import { localIndex } from './vector-index';

const db = () => databaseFor('na');

async function store(agentId: string, docId: string, texts: string[]) {
  const chunks = toStoredChunks(agentId, docId, `${docId}.txt`, texts);
  await writeChunks(db(), chunks, agentId, docId, []);
  return chunks;
}

describe('local index', () => {
  it('finds knowledge added through it at once, and knowledge another instance added once its cached chunks expire', async () => {
    let clock = 1_000_000;
    const index = localIndex({ cacheMs: 3000, now: () => clock });
    const agentId = 'localIdxAgent001';
    await store(agentId, 'hours', ['The shop opens at 9am and closes at 6pm.']);
    expect((await index.search('na', agentId, 'when does the shop open', 4)).map((h) => h.docId)).toEqual(['hours']);

    // Added through this index (ingestion calls index()): searched at once.
    const returns = await store(agentId, 'returns', ['Returns are accepted within 30 days of delivery.']);
    await index.index('na', agentId, 'returns', returns);
    expect((await index.search('na', agentId, 'are returns accepted', 4))[0]?.docId).toBe('returns');

    // Added by another instance: this one keeps its chunks for cacheMs, then reads them again.
    await store(agentId, 'parking', ['Parking is free behind the shop.']);
    expect((await index.search('na', agentId, 'is parking free', 4)).map((h) => h.docId)).not.toContain('parking');
    clock += 3000;
    expect((await index.search('na', agentId, 'is parking free', 4))[0]?.docId).toBe('parking');

    // Removed through this index: gone at once.
    await db().recursiveDelete(db().doc(`voiceglow/${agentId}/kb/parking`));
    await index.remove('na', agentId, 'parking');
    expect((await index.search('na', agentId, 'is parking free', 4)).map((h) => h.docId)).not.toContain('parking');
  });

  it('without a cache time, every search reads the stored chunks', async () => {
    const index = localIndex();
    const agentId = 'localIdxAgent002';
    await store(agentId, 'hours', ['The shop opens at 9am.']);
    expect(await index.search('na', agentId, 'parking', 4)).toEqual([]);
    await store(agentId, 'parking', ['Parking is free behind the shop.']);
    expect((await index.search('na', agentId, 'parking', 4))[0]?.docId).toBe('parking');
  });
});
