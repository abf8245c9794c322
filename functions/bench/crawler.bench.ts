/**
 * Budget of a crawl job's refresh, against the website stand-in (local/fakes/site) grown to 100 pages and Google's
 * Firestore emulator: a refresh of 100 unchanged pages makes 0 embedding calls and finishes in ≤ 10 s, both when
 * the sitemap's lastmod says nothing changed (no page fetched) and without a sitemap (100 conditional GETs, each
 * answered 304). The first crawl, which embeds every page, is printed beside them.
 * `npx tsx functions/bench/crawler.bench.ts` prints the figures beside their budgets.
 */
import { performance } from 'node:perf_hooks';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';
import type { CrawlerDeps, CrawlTask } from '../src/crawler';

const PAGES = 100;
const BUDGET_S = 10;

export async function runCrawlerBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const { startScratchEmulator } = await import('@parley/local/testing');
  const ownFirestore = process.env.FIRESTORE_EMULATOR_HOST ? null : await startScratchEmulator();
  const { start } = await import('@parley/local/fakes/site');
  const site = await start({ port: 0 });
  // Only the stand-in stands for the public internet.
  process.env.ALLOW_PRIVATE_URLS = new URL(site.url).host;
  const { paths } = await import('@parley/core');
  const { databaseFor } = await import('../src/adapters/firestore');
  const { inProcessQueue } = await import('../src/adapters/background-queue');
  const { createCredits } = await import('../src/credits');
  const { platformFileStore } = await import('../src/uploads');
  const crawler = await import('../src/crawler');
  const { saveCrawlJobHandler } = await import('../src/crawler/save-crawl-job');
  const { runCrawlJobHandler } = await import('../src/crawler/run-crawl-job');
  const { getCrawlJobHandler } = await import('../src/crawler/get-crawl-job');
  try {
    // A paid index (as Qdrant): every embedding call counted.
    let embeddings = 0;
    const vectorIndex = {
      kind: 'qdrant' as const,
      index: async (_r: unknown, _a: unknown, _d: unknown, chunks: unknown[]) => {
        embeddings++;
        return { embeddedTokens: chunks.length * 20 };
      },
      remove: async () => undefined,
      search: async () => [],
    };
    const queue = inProcessQueue((task: CrawlTask): Promise<void> => crawler.runCrawl(deps, task), (t) => t.runId, 'crawler-bench');
    const deps: CrawlerDeps = { db: databaseFor, knowledge: { credits: createCredits(), vectorIndex, fileStore: platformFileStore() }, queue, hosts: crawler.hostLimiter(), now: Date.now, runBudgetMs: 120_000 };
    const db = databaseFor('na');
    await db.doc(paths.user('benchCrawl')).set({ loadTokens: 10_000, internal: { customPlan: { limits: { maxCrawlPages: 500, maxKbDocsCharCount: 5_000_000 } } } });
    await db.doc(paths.agent('benchCrawlAgent')).set({ ID: 'benchCrawlAgent', ownerID: 'benchCrawl', title: 'Bench' });
    // The home page links every page, so the crawl finds them without the sitemap too.
    const paths100 = Array.from({ length: PAGES - 1 }, (_, i) => `/page-${i}`);
    for (const [i, path] of paths100.entries()) {
      await fetch(`${site.url}/__pages?path=${path}`, { method: 'PUT', body: JSON.stringify({ title: `Page ${i}`, body: `<h1>Page ${i}</h1><p>Product ${i} ships within ${i % 7 + 1} days and costs ${i + 10} euros.</p>` }) });
    }
    await fetch(`${site.url}/__pages?path=/`, { method: 'PUT', body: JSON.stringify({ title: 'Home', body: `<h1>Catalogue</h1><p>Everything we sell.</p><ul>${paths100.map((p) => `<li><a href="${p}">${p}</a></li>`).join('')}</ul>` }) });
    for (const path of ['/menu', '/hours', '/contact']) await fetch(`${site.url}/__pages?path=${path}`, { method: 'DELETE' });

    const auth = { auth: { uid: 'benchCrawl', token: { email: 'bench@crawl.test', email_verified: true } as never, rawToken: 'x' } };
    const ws = { region: 'na' as const, workspaceId: 'benchCrawl' };
    const settings = { ...ws, agentId: 'benchCrawlAgent', startUrl: `${site.url}/`, maxPages: 500, depth: 2, include: [], exclude: [], useSitemap: true, refreshRate: 'never' as const };
    const timed = async (work: () => Promise<unknown>) => {
      embeddings = 0;
      const t0 = performance.now();
      await work();
      await queue.drain();
      return (performance.now() - t0) / 1000;
    };
    let jobId = '';
    const firstS = await timed(async () => (jobId = (await saveCrawlJobHandler(deps)(settings, auth)).job.id));
    const firstEmbeddings = embeddings;
    const lastRun = async () => (await getCrawlJobHandler(deps)({ ...ws, jobId }, auth)).runs[0]!;
    const first = await lastRun();
    if (first.added !== PAGES) throw new Error(`the first crawl added ${first.added} pages, not ${PAGES}`);

    const bySitemapS = await timed(() => runCrawlJobHandler(deps)({ ...ws, jobId }, auth));
    const bySitemap = { run: await lastRun(), embeddings };
    await saveCrawlJobHandler(deps)({ ...settings, useSitemap: false, jobId }, auth);
    const byValidatorsS = await timed(() => runCrawlJobHandler(deps)({ ...ws, jobId }, auth));
    const byValidators = { run: await lastRun(), embeddings };
    const ok = (r: typeof bySitemap) => r.run.unchanged === PAGES && r.embeddings === 0;
    const round = (s: number) => Math.round(s * 100) / 100;
    const figures: BenchFigure[] = [
      { name: `first crawl of ${PAGES} pages (each embedded)`, value: round(firstS), unit: 's', detail: `${firstEmbeddings} embedding calls` },
      figure(`refresh of ${PAGES} unchanged pages, sitemap lastmod`, round(bySitemapS), 's', BUDGET_S, `${bySitemap.embeddings} embedding calls, ${bySitemap.run.unchanged} unchanged`),
      figure(`embedding calls in that refresh`, bySitemap.embeddings, 'count', 0),
      figure(`refresh of ${PAGES} unchanged pages, conditional GETs (304)`, round(byValidatorsS), 's', BUDGET_S, `${byValidators.embeddings} embedding calls, ${byValidators.run.unchanged} unchanged`),
      figure(`embedding calls in that refresh`, byValidators.embeddings, 'count', 0),
    ];
    if (!ok(bySitemap) || !ok(byValidators)) figures.push({ name: 'every page counted unchanged', value: 0, unit: 'count', budget: 1, pass: false });
    printFigures(figures, log);
    return figures;
  } finally {
    await site.stop();
    await ownFirestore?.stop();
  }
}

await runIfMain(import.meta.url, () => runCrawlerBench());
