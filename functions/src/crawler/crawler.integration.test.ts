// The Crawler against the Firestore emulator and the website stand-in (local/fakes/site): a job reads the site into
// its agent's knowledge base (one source per page, robots.txt respected, menus and footers left out, embeddings paid
// as knowledge pays them), a refresh re-embeds only what changed and removes what disappeared, and bad or private
// start addresses are refused at the field with a sentence.
import { crawlerApi, paths } from '@parley/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallableRequest } from 'firebase-functions/https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start as startSite } from '../../../local/fakes/site';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { inProcessQueue } from '../adapters/background-queue';
import { databaseFor } from '../adapters/firestore';
import { runCallable } from '../callable/define-callable';
import { createCredits } from '../credits';
import type { KnowledgeDeps, VectorIndex } from '../knowledge';
import { platformFileStore } from '../uploads';
import { deleteCrawlJobHandler } from './delete-crawl-job';
import type { CrawlerDeps, CrawlTask } from './deps';
import { getCrawlJobHandler } from './get-crawl-job';
import { hostLimiter } from './host-limit';
import { listCrawlJobsHandler } from './list-crawl-jobs';
import { NOT_PUBLIC } from './robots';
import { runCrawl } from './run';
import { runCrawlJobHandler } from './run-crawl-job';
import { saveCrawlJobHandler } from './save-crawl-job';

const OWNER = 'crawlOwner';
const AGENT = 'crawlAgent01';
const db = () => databaseFor('na');
const owner = { auth: { uid: OWNER, token: { email: 'owner@crawl.test', email_verified: true } as never, rawToken: 'x' } };
const ws = { region: 'na' as const, workspaceId: OWNER };

let site: Awaited<ReturnType<typeof startSite>>;
/** Chunks embedded per indexing (the paid index stands for Qdrant: 20 tokens a chunk). */
let embedded: string[] = [];
const paidIndex: VectorIndex = {
  kind: 'qdrant',
  async index(_region, _agentId, docId, chunks) {
    embedded.push(docId);
    return { embeddedTokens: chunks.length * 20 };
  },
  async remove() {},
  async search() {
    return [];
  },
};
const knowledge: KnowledgeDeps = { credits: createCredits(), vectorIndex: paidIndex, fileStore: platformFileStore() };
const queue = inProcessQueue((task: CrawlTask) => runCrawl(deps, task), (task) => task.runId, 'crawler-test');
const deps: CrawlerDeps = { db: databaseFor, knowledge, queue, hosts: hostLimiter(), now: Date.now, runBudgetMs: 60_000 };

beforeAll(async () => {
  site = await startSite({ port: 0 });
  // Only the stand-in stands for the public internet: every other private address stays refused.
  process.env.ALLOW_PRIVATE_URLS = new URL(site.url).host;
});
afterAll(() => site.stop());

beforeEach(async () => {
  embedded = [];
  await fetch(`${site.url}/__reset`, { method: 'POST' });
  await fetch(`${site.url}/__recorded`, { method: 'DELETE' });
  await db().recursiveDelete(db().doc(paths.user(OWNER)));
  await db().recursiveDelete(db().collection(paths.kb(AGENT)));
  await seedWorkspace('na', OWNER, 'vg_crawlOwnerSecret00001', { loadTokens: 100 });
  await seedAgent('na', AGENT, OWNER, 'vg_crawlAgentSecret00001', { title: 'Café helper' });
});

const settings = (extra: Partial<crawlerApi.CrawlJobSettings> = {}) => ({
  ...ws, agentId: AGENT, startUrl: `${site.url}/`, maxPages: 50, depth: 3, include: [], exclude: [], useSitemap: true, refreshRate: '24h' as const, ...extra,
});

/** Creates the job and waits for its first run. */
async function crawlOnce(extra: Partial<crawlerApi.CrawlJobSettings> = {}) {
  const { job } = await saveCrawlJobHandler(deps)(settings(extra), owner);
  await queue.drain();
  return job.id;
}

async function refresh(jobId: string) {
  embedded = [];
  await runCrawlJobHandler(deps)({ ...ws, jobId }, owner);
  await queue.drain();
  return getCrawlJobHandler(deps)({ ...ws, jobId }, owner);
}

const sources = async () =>
  (await db().collection(paths.kb(AGENT)).get()).docs.map((d) => d.data()).sort((a, b) => String(a.url).localeCompare(String(b.url)));

describe('a crawl job', () => {
  it('makes one source per allowed page of the site, tagged with the job, main content only, paid as knowledge pays', async () => {
    const jobId = await crawlOnce();
    const docs = await sources();
    expect(docs.map((d) => new URL(String(d.url)).pathname)).toEqual(['/', '/contact', '/hours', '/menu']);
    for (const doc of docs) expect(doc).toMatchObject({ crawlJobId: jobId, sourceType: 'url', status: 'SUCCESS', refreshRate: 'never' });
    // The menu's text is there; the footer and navigation every page carries are not.
    const menu = docs.find((d) => String(d.url).endsWith('/menu'))!;
    expect(menu.content).toContain('flat white 3.80 euros');
    expect(menu.content).not.toContain('Cookie settings');
    // robots.txt forbids /private/: never requested.
    expect(site.recorded().some((r) => r.path.startsWith('/private/'))).toBe(false);
    expect(site.recorded()[0]?.path).toBe('/robots.txt');
    expect(embedded).toHaveLength(4);
    const charged = await db().collection(paths.creditUsageLogs(OWNER)).where('featureKey', '==', 'kb-embedding').get();
    expect(charged.size).toBe(4);

    const { job, runs, pages } = await getCrawlJobHandler(deps)({ ...ws, jobId }, owner);
    expect(job).toMatchObject({ running: false, pageCount: 4, agentTitle: 'Café helper' });
    expect(pages).toEqual(['/', '/contact', '/hours', '/menu'].map((path) => ({ url: `${site.url}${path}`, depth: path === '/' ? 0 : 1 })));
    expect(job.nextRunAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(runs).toEqual([expect.objectContaining({ trigger: 'first', status: 'done', added: 4, updated: 0, unchanged: 0, removed: 0, failed: 0 })]);
    const listed = await listCrawlJobsHandler(deps)(ws, owner);
    expect(listed).toMatchObject({ maxPagesCap: 50, jobs: [{ id: jobId, pageCount: 4 }] });
  });

  it('refreshes only what changed: one edited page re-embedded, one deleted page removed, the rest untouched', async () => {
    const jobId = await crawlOnce();
    const before = await sources();
    await fetch(`${site.url}/__pages?path=/hours`, { method: 'PUT', body: JSON.stringify({ title: 'Opening hours', body: '<h1>Opening hours</h1><p>We now close at eight in the evening.</p>' }) });
    await fetch(`${site.url}/__pages?path=/contact`, { method: 'DELETE' });
    const { runs } = await refresh(jobId);
    expect(runs[0]).toMatchObject({ trigger: 'manual', status: 'done', added: 0, updated: 1, unchanged: 2, removed: 1, failed: 0 });
    const after = await sources();
    expect(after.map((d) => new URL(String(d.url)).pathname)).toEqual(['/', '/hours', '/menu']);
    const hours = after.find((d) => String(d.url).endsWith('/hours'))!;
    expect(hours.content).toContain('close at eight');
    // Updated in place: the same source, not a second one.
    expect(hours.ID).toBe(before.find((d) => String(d.url).endsWith('/hours'))!.ID);
    expect(embedded).toEqual([hours.ID]);
    expect(runs.map((r) => r.trigger)).toEqual(['manual', 'first']);
  });

  it('re-embeds nothing when nothing changed: the sitemap lastmod, or without a sitemap a 304 to the stored validators', async () => {
    const withSitemap = await crawlOnce();
    const first = await refresh(withSitemap);
    expect(first.runs[0]).toMatchObject({ added: 0, updated: 0, unchanged: 4, removed: 0 });
    expect(embedded).toEqual([]);

    await deleteCrawlJobHandler(deps)({ ...ws, jobId: withSitemap, removeSources: true }, owner);
    const noSitemap = await crawlOnce({ useSitemap: false });
    const requestsBefore = site.recorded().length;
    const second = await refresh(noSitemap);
    expect(second.runs[0]).toMatchObject({ added: 0, updated: 0, unchanged: 4, removed: 0 });
    expect(embedded).toEqual([]);
    const conditional = site.recorded().slice(requestsBefore);
    expect(conditional.filter((r) => r.path !== '/robots.txt').every((r) => r.status === 304 && r.ifNoneMatch)).toBe(true);
  });

  it('keeps an indexed page through a temporary failure and counts it as failed', async () => {
    const jobId = await crawlOnce({ useSitemap: false });
    await fetch(`${site.url}/__control`, { method: 'POST', body: JSON.stringify({ failing: ['/menu'] }) });
    const { runs } = await refresh(jobId);
    expect(runs[0]).toMatchObject({ failed: 1, removed: 0, unchanged: 3, errors: [{ url: `${site.url}/menu`, message: expect.stringContaining('kept as it was') }] });
    expect((await sources()).map((d) => new URL(String(d.url)).pathname)).toContain('/menu');
  });

  it('reads no more pages than the job allows, and deletes its sources with it', async () => {
    const jobId = await crawlOnce({ maxPages: 2 });
    expect(await sources()).toHaveLength(2);
    const { job } = await getCrawlJobHandler(deps)({ ...ws, jobId }, owner);
    expect(job.pageCount).toBe(2);
    expect(await deleteCrawlJobHandler(deps)({ ...ws, jobId, removeSources: true }, owner)).toEqual({ deleted: true, removedSources: 2 });
    expect(await sources()).toEqual([]);
    await expect(getCrawlJobHandler(deps)({ ...ws, jobId }, owner)).rejects.toMatchObject({ status: 404, message: crawlerApi.CRAWLER_MESSAGES.notFound });
  });
});

describe('bad input', () => {
  /** The callable as Firebase serves it: the contract parses the input first. */
  const call = (data: Record<string, unknown>) =>
    runCallable(crawlerApi.saveCrawlJob, saveCrawlJobHandler(deps), { idTokens: async () => null })({ data: settings(data as never), ...owner } as unknown as CallableRequest<unknown>);

  it('answers each with a 4xx sentence at its field and creates no job', async () => {
    await expect(call({ startUrl: 'ftp://example.com/' })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(crawlerApi.CRAWLER_MESSAGES.startUrl) });
    await expect(call({ include: ['blog/*'] })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(crawlerApi.CRAWLER_MESSAGES.pattern) });
    await expect(call({ depth: 11 })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('Depth is at most 10.') });
    await expect(call({ maxPages: 51 })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('Your plan allows at most 50 pages per crawl job.') });
    await expect(call({ agentId: 'someoneElsesAgent' })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(crawlerApi.CRAWLER_MESSAGES.agent) });
    expect((await listCrawlJobsHandler(deps)(ws, owner)).jobs).toEqual([]);
  });

  it('refuses a private, loopback or metadata start address at save, whatever port', async () => {
    for (const startUrl of ['http://127.0.0.1:8080/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://10.0.0.1/', 'http://localhost/']) {
      await expect(call({ startUrl }), startUrl).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('startUrl') });
    }
    expect((await listCrawlJobsHandler(deps)(ws, owner)).jobs).toEqual([]);
  });

  it('refuses a private address at fetch time too: a job planted with one reads nothing from it', async () => {
    let hits = 0;
    const internal = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<main>iam-token-secret</main>');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const planted = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/`;
    // Written directly, as no callable would take it.
    await db().doc(`${paths.user(OWNER)}/crawlJobs/planted`).set({ agentId: AGENT, startUrl: planted, maxPages: 5, depth: 1, useSitemap: true, refreshRate: 'never', createdAt: 1 });
    const { runs } = await refresh('planted');
    internal.close();
    expect(hits).toBe(0);
    expect(runs[0]).toMatchObject({ status: 'failed', added: 0, message: NOT_PUBLIC });
    expect(await sources()).toEqual([]);
  });

  it('refuses a stranger and a client of the workspace', async () => {
    const stranger = { auth: { uid: 'stranger', token: { email: 's@x.test', email_verified: true } as never, rawToken: 'x' } };
    await expect(listCrawlJobsHandler(deps)(ws, stranger)).rejects.toMatchObject({ status: 403 });
    const client = { auth: { uid: OWNER, token: { email: 'owner@crawl.test', email_verified: true, role: 'client', clientId: 'c1' } as never, rawToken: 'x' } };
    await expect(saveCrawlJobHandler(deps)(settings(), client)).rejects.toMatchObject({ status: 403 });
  });
});
