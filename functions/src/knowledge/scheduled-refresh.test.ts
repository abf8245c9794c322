// The hourly crawler against the Firestore emulator: fair shares between workspaces, and sources it must never
// fetch (a document written before clients lost the right to create kb documents).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedAgent } from '../../test/agent-builder-env';
import { findDueSources, refreshDueSources } from './scheduled-refresh';
import { createCredits } from '../credits';
import { platformFileStore } from '../uploads';
import { platformVectorIndex } from './vector-index';

/** Ingestion's dependencies as the composition hands them over: embeddings paid from the agent's payer. */
const kb = { credits: createCredits(), vectorIndex: platformVectorIndex(), fileStore: platformFileStore() };


const NOW = 2_000_000_000;
let site: Server;
let internal: Server;
let siteUrl = '';
let internalUrl = '';
let internalHits = 0;

const listen = (server: Server) => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Opening hours: nine to five.'));
  internal = createServer((_req, res) => {
    internalHits++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('iam-token-secret');
  });
  siteUrl = await listen(site);
  internalUrl = await listen(internal);
  // Only the site stands for the public internet.
  process.env.ALLOW_PRIVATE_URLS = siteUrl.replace('http://', '');
});
afterAll(() => {
  for (const server of [site, internal]) {
    server.closeAllConnections();
    server.close();
  }
});

/** A URL source due for refresh (crawled long ago, hourly). */
async function seedSource(agentId: string, docId: string, url: string, lastRefreshTS = NOW - 7200) {
  await databaseFor('na').doc(paths.kbDoc(agentId, docId)).set({
    ID: docId, name: url, content: '', ts: 1, userId: 'u', agentId, sourceType: 'url', url, refreshRate: '1h', status: 'SUCCESS', charCount: 0, chunkIds: [], lastRefreshTS,
  });
}

describe('the hourly crawler', () => {
  it('shares a run fairly: one source per workspace in turn, within a per-workspace quota', async () => {
    await seedAgent('na', 'fairA1', 'tenantA', 'vg_fairA1secret00000001');
    await seedAgent('na', 'fairA2', 'tenantA', 'vg_fairA2secret00000001');
    await seedAgent('na', 'fairB1', 'tenantB', 'vg_fairB1secret00000001');
    await seedAgent('na', 'fairC1', 'tenantC', 'vg_fairC1secret00000001');
    // Workspace A floods the crawler with 30 sources over two agents, all waiting longest.
    await Promise.all([...Array(30).keys()].map((i) => seedSource(i % 2 ? 'fairA1' : 'fairA2', `a${i}`, `${siteUrl}/a${i}`, NOW - 90_000 + i)));
    await seedSource('fairB1', 'b0', `${siteUrl}/b0`);
    await seedSource('fairB1', 'b1', `${siteUrl}/b1`);
    await seedSource('fairC1', 'c0', `${siteUrl}/c0`);
    // A source of an agent that no longer exists is not crawled.
    await seedSource('goneAgent', 'g0', `${siteUrl}/g0`);

    const count = (picked: { tenant: string }[]) => picked.reduce<Record<string, number>>((n, p) => ({ ...n, [p.tenant]: (n[p.tenant] ?? 0) + 1 }), {});
    expect(count(await findDueSources('na', NOW, { perRun: 100, perTenant: 10 }))).toEqual({ tenantA: 10, tenantB: 2, tenantC: 1 });
    // A small run still reaches every workspace before A's second source.
    const small = await findDueSources('na', NOW, { perRun: 5, perTenant: 10 });
    expect(count(small)).toEqual({ tenantA: 2, tenantB: 2, tenantC: 1 });
    expect(small.slice(0, 3).map((s) => s.tenant)).toEqual(['tenantA', 'tenantB', 'tenantC']);
    // A's longest-waiting sources go first.
    expect(small.filter((s) => s.tenant === 'tenantA').map((s) => s.docId)).toEqual(['a0', 'a1']);
  });

  it('never fetches a planted internal URL: the source fails with our sentence and the service sees nothing', async () => {
    await seedAgent('na', 'plantedAgent', 'tenantP', 'vg_plantedSecret00000001');
    // Written directly, as members could before the rules stopped it.
    await seedSource('plantedAgent', 'meta', `${internalUrl}/computeMetadata/v1/instance/service-accounts/default/token`);
    await seedSource('plantedAgent', 'mapped', `http://[::ffff:127.0.0.1]:${internalUrl.split(':').pop()}/`);
    await seedSource('plantedAgent', 'metadata', 'http://[::ffff:a9fe:a9fe]/latest/meta-data/');
    await seedSource('plantedAgent', 'fine', `${siteUrl}/hours`);
    const results = (await refreshDueSources(kb, NOW, ['na'])).filter((r) => r.agentId === 'plantedAgent');
    const byDoc = Object.fromEntries(results.map((r) => [r.docId, r.status]));
    expect(byDoc).toEqual({ meta: 'ERROR', mapped: 'ERROR', metadata: 'ERROR', fine: 'SUCCESS' });
    for (const docId of ['meta', 'mapped', 'metadata']) {
      const doc = (await databaseFor('na').doc(paths.kbDoc('plantedAgent', docId)).get()).data()!;
      expect(doc.error).toBe('This address cannot be crawled.');
      expect(doc.content).toBe('');
    }
    expect(internalHits).toBe(0);
  });
});
