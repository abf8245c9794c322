// A single URL source's refresh against the website stand-in and the Firestore emulator: an unchanged page answers
// 304 to the stored validators and is only marked refreshed (nothing embedded, no credit used); an edited page is
// re-embedded in the same source.
import { paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startSite } from '../../../local/fakes/site';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { databaseFor } from '../adapters/firestore';
import { createCredits } from '../credits';
import { platformFileStore } from '../uploads';
import { createSource, ingestSource, refreshUrlSource } from './ingest';
import type { VectorIndex } from './vector-index';

const OWNER = 'urlRefreshOwner';
const AGENT = 'urlRefreshAgent1';
let site: Awaited<ReturnType<typeof startSite>>;
let embedded = 0;
const paidIndex: VectorIndex = {
  kind: 'qdrant',
  async index(_region, _agentId, _docId, chunks) {
    embedded++;
    return { embeddedTokens: chunks.length * 20 };
  },
  async remove() {},
  async search() {
    return [];
  },
};
const kb = { credits: createCredits(), vectorIndex: paidIndex, fileStore: platformFileStore() };
const charges = async () => (await databaseFor('na').collection(paths.creditUsageLogs(OWNER)).where('featureKey', '==', 'kb-embedding').get()).size;

beforeAll(async () => {
  site = await startSite({ port: 0 });
  process.env.ALLOW_PRIVATE_URLS = new URL(site.url).host;
  await seedWorkspace('na', OWNER, 'vg_urlRefreshSecret00001', { loadTokens: 100 });
  await seedAgent('na', AGENT, OWNER, 'vg_urlRefreshAgentKey001');
});
afterAll(() => site.stop());

describe('refreshing a URL source', () => {
  it('re-embeds only a changed page: a 304 costs nothing, an edit is read again into the same source', async () => {
    const url = `${site.url}/hours`;
    const docId = await createSource('na', { agentId: AGENT, userId: OWNER, name: url, sourceType: 'url', url, refreshRate: '1h' });
    expect(await ingestSource(kb, 'na', AGENT, docId, { kind: 'url', url })).toMatchObject({ status: 'SUCCESS' });
    expect([embedded, await charges()]).toEqual([1, 1]);

    expect(await refreshUrlSource(kb, 'na', AGENT, docId, url)).toMatchObject({ status: 'SUCCESS', unchanged: true });
    expect([embedded, await charges()]).toEqual([1, 1]);
    expect(site.recorded().at(-1)).toMatchObject({ path: '/hours', status: 304, ifNoneMatch: expect.any(String) });

    await fetch(`${site.url}/__pages?path=/hours`, { method: 'PUT', body: JSON.stringify({ title: 'Hours', body: '<p>Now open until eight in the evening.</p>' }) });
    const result = await refreshUrlSource(kb, 'na', AGENT, docId, url);
    expect(result).toMatchObject({ status: 'SUCCESS' });
    expect(result).not.toHaveProperty('unchanged');
    expect([embedded, await charges()]).toEqual([2, 2]);
    const doc = (await databaseFor('na').doc(paths.kbDoc(AGENT, docId)).get()).data()!;
    expect(doc.content).toContain('until eight');
    expect(await refreshUrlSource(kb, 'na', AGENT, docId, url)).toMatchObject({ unchanged: true });
    expect(embedded).toBe(2);
  });
});
