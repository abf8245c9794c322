// One run of a crawl job (off the request path, in the `crawlRun` task): robots.txt first, then the pages — the
// start page, the sitemap's, the ones read before, and the links found — breadth first, a few at a time per host.
// Each page is one knowledge source of the job's agent, and a refresh re-embeds only what changed, in three tiers:
// 1. the sitemap's lastmod equals the one stored (not even fetched);
// 2. a conditional GET with the stored ETag / Last-Modified answers 304;
// 3. the extracted text hashes to the stored hash.
// A page that answers 404/410 (or robots.txt or the job's patterns now leave out) is removed from the knowledge
// base; a temporary failure keeps it as it was. The run records what it added, updated, left unchanged, removed
// and failed.
import { createHash } from 'node:crypto';
import { crawlerApi, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { createSource, deleteSource, ingestSource } from '../knowledge';
import type { CrawlerDeps, CrawlTask } from './deps';
import { extractPage } from './extract';
import { fetchPage } from './fetch-page';
import { readRobots, RobotsUnreadable, type Robots } from './robots';
import { inScope, normalizePageUrl, type Scope } from './scope';
import { readSitemaps } from './sitemap';
import { jobPath, nextRunAfter, pageKey, pagesPath, readJob, runsPath, storedPageSchema, type StoredJob, type StoredPage } from './crawl-jobs';

/** Pages read at once by one run (each request also waits for its host's slot). */
const PAGES_AT_ONCE = 4;
/** Links kept per page (to find pages again on a refresh that reads nothing). */
const LINKS_KEPT = 200;

export const RUN_MESSAGES = {
  noAgent: 'The job’s agent no longer exists, so nothing was crawled.',
  timeUp: 'The run stopped at its time limit; the next run goes on with the pages it did not reach.',
  internal: 'The crawl stopped on an error of ours. The next run tries again.',
  noText: 'No text could be found in this page.',
} as const;

class RunStopped extends Error {}

type Counts = Pick<crawlerApi.CrawlRun, 'added' | 'updated' | 'unchanged' | 'removed' | 'failed'>;

interface Known {
  key: string;
  page: StoredPage;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

async function mapLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

async function readPages(db: Firestore, workspaceId: string, jobId: string): Promise<Map<string, Known>> {
  const snap = await db.collection(pagesPath(workspaceId, jobId)).get();
  return new Map(snap.docs.map((d) => {
    const page = storedPageSchema.parse(d.data());
    return [page.url, { key: d.id, page }];
  }));
}

/** The pages of one run: what it visits, in which order, and what each tier decided. */
class Crawl {
  readonly counts: Counts = { added: 0, updated: 0, unchanged: 0, removed: 0, failed: 0 };
  readonly errors: crawlerApi.CrawlRun['errors'] = [];
  private readonly queued = new Set<string>();
  private pending: Array<{ url: string; depth: number }> = [];
  private sources: number;
  private readonly maxVisits: number;
  private readonly host: string;

  constructor(
    private readonly deps: CrawlerDeps,
    private readonly task: CrawlTask,
    private readonly job: StoredJob,
    private readonly scope: Scope,
    private readonly robots: Robots,
    private readonly known: Map<string, Known>,
    private readonly sitemap: Map<string, string | null>,
    private readonly deadline: number,
  ) {
    this.sources = known.size;
    this.maxVisits = job.maxPages * 2 + known.size;
    this.host = new URL(scope.origin).host;
  }

  private get db() {
    return this.deps.db(this.task.region);
  }

  private add(url: string, depth: number): void {
    if (this.queued.has(url) || this.queued.size >= this.maxVisits) return;
    this.queued.add(url);
    this.pending.push({ url, depth });
  }

  private follow(links: readonly string[], depth: number): void {
    if (depth >= this.job.depth) return;
    for (const link of links) if (inScope(this.scope, link) && this.robots.allows(link)) this.add(link, depth + 1);
  }

  private fail(url: string, message: string): void {
    this.counts.failed++;
    if (this.errors.length < crawlerApi.CRAWL_RUN_ERRORS_KEPT) this.errors.push({ url, message });
  }

  private async save(url: string, key: string, page: StoredPage): Promise<void> {
    await this.db.doc(`${pagesPath(this.task.workspaceId, this.task.jobId)}/${key}`).set({ ...page, url });
  }

  private async remove(known: Known): Promise<void> {
    await deleteSource(this.deps.knowledge, this.task.region, this.job.agentId, known.page.docId);
    await this.db.doc(`${pagesPath(this.task.workspaceId, this.task.jobId)}/${known.key}`).delete();
    this.sources--;
    this.counts.removed++;
  }

  async run(start: string): Promise<boolean> {
    this.add(start, 0);
    if (this.job.depth >= 1) for (const url of this.sitemap.keys()) if (inScope(this.scope, url) && this.robots.allows(url)) this.add(url, 1);
    for (const [url, { page }] of this.known) this.add(url, page.depth);
    while (this.pending.length > 0) {
      if (this.deps.now() > this.deadline) return false;
      const round = this.pending;
      this.pending = [];
      await mapLimit(round, PAGES_AT_ONCE, (item) => (this.deps.now() > this.deadline ? Promise.resolve() : this.visit(item.url, item.depth)));
    }
    return true;
  }

  private async visit(url: string, depth: number): Promise<void> {
    const known = this.known.get(url);
    if (!inScope(this.scope, url) || !this.robots.allows(url)) {
      if (known) await this.remove(known);
      return;
    }
    const lastmod = this.sitemap.get(url) ?? null;
    // Tier 1: the sitemap says the page has not changed since it was read.
    if (known && lastmod && known.page.lastmod === lastmod) {
      this.counts.unchanged++;
      this.follow(known.page.links, depth);
      return;
    }
    if (!known) {
      if (this.sources >= this.job.maxPages) return;
      this.sources++;
    }
    const fetched = await this.deps.hosts(this.host, () => fetchPage(url, known ? { etag: known.page.etag, lastModified: known.page.lastModified } : {}));
    const giveBack = () => {
      if (!known) this.sources--;
    };
    switch (fetched.kind) {
      case 'not-modified':
        // Tier 2: the site answered 304 to the stored validators.
        if (!known) return giveBack();
        this.counts.unchanged++;
        await this.save(url, known.key, { ...known.page, ...fetched.validators, lastmod, depth });
        this.follow(known.page.links, depth);
        return;
      case 'gone':
        if (known) await this.remove(known);
        return giveBack();
      case 'skipped':
        if (known) await this.remove(known);
        return giveBack();
      case 'failed':
        this.fail(url, fetched.message);
        if (known) this.follow(known.page.links, depth);
        return giveBack();
      case 'page':
        return this.read(url, depth, known, fetched.html, fetched.validators, lastmod);
    }
  }

  private async read(url: string, depth: number, known: Known | undefined, html: string, validators: { etag?: string; lastModified?: string }, lastmod: string | null) {
    const page = extractPage(html, url);
    const links = page.links.filter((l) => inScope(this.scope, l) && this.robots.allows(l)).slice(0, LINKS_KEPT);
    this.follow(links, depth);
    if (!page.text) {
      this.fail(url, RUN_MESSAGES.noText);
      if (!known) this.sources--;
      return;
    }
    const hash = hashOf(page.text);
    const state = { url, depth, ...validators, lastmod, links };
    // Tier 3: the text is what was indexed.
    if (known && known.page.hash === hash) {
      this.counts.unchanged++;
      await this.save(url, known.key, { ...state, docId: known.page.docId, hash });
      return;
    }
    const { region, workspaceId, jobId } = this.task;
    const agentId = this.job.agentId;
    let docId = known?.page.docId;
    if (docId) await this.db.doc(paths.kbDoc(agentId, docId)).update({ name: page.title });
    else docId = await createSource(region, { agentId, userId: workspaceId, name: page.title, sourceType: 'url', url, refreshRate: 'never', fileType: 'html', crawlJobId: jobId });
    const result = await ingestSource(this.deps.knowledge, region, agentId, docId, { kind: 'text', text: page.text });
    if (result.status !== 'SUCCESS') {
      this.fail(url, result.error ?? RUN_MESSAGES.noText);
      // A new page that could not be indexed leaves nothing behind; a known one keeps its source (showing why).
      if (!known) {
        await deleteSource(this.deps.knowledge, region, agentId, docId);
        this.sources--;
      }
      return;
    }
    await this.save(url, known?.key ?? pageKey(url), { ...state, docId, hash });
    if (known) this.counts.updated++;
    else this.counts.added++;
  }

  get pageCount(): number {
    return this.sources;
  }
}

/** Runs the task's run if it still holds its job; records the run and frees the job whatever happens. */
export async function runCrawl(deps: CrawlerDeps, task: CrawlTask): Promise<void> {
  const db = deps.db(task.region);
  const job = await readJob(db, task.workspaceId, task.jobId);
  if (!job || !job.running || job.runId !== task.runId) return;
  let crawl: Crawl | null = null;
  let message: string | null = null;
  let failed = false;
  try {
    const agent = await db.doc(paths.agent(job.agentId)).get();
    if (!agent.exists || agent.get('ownerID') !== task.workspaceId) throw new RunStopped(RUN_MESSAGES.noAgent);
    const start = normalizePageUrl(job.startUrl)!;
    const origin = new URL(start).origin;
    const robots = await readRobots(origin);
    const [known, sitemap] = await Promise.all([
      readPages(db, task.workspaceId, task.jobId),
      job.useSitemap ? readSitemaps(robots.sitemaps.length > 0 ? robots.sitemaps : [`${origin}/sitemap.xml`]) : Promise.resolve(new Map<string, string | null>()),
    ]);
    crawl = new Crawl(deps, task, job, { origin, include: job.include, exclude: job.exclude }, robots, known, sitemap, deps.now() + deps.runBudgetMs);
    if (!(await crawl.run(start))) message = RUN_MESSAGES.timeUp;
  } catch (error) {
    failed = true;
    if (error instanceof RunStopped || error instanceof RobotsUnreadable) message = error.message;
    else {
      console.error('[crawler] run failed:', error instanceof Error ? error.message : 'unknown');
      message = RUN_MESSAGES.internal;
    }
  }
  const finishedAt = deps.now();
  const run: Partial<crawlerApi.CrawlRun> = {
    status: failed ? 'failed' : 'done', finishedAt, message,
    ...(crawl ? { ...crawl.counts, errors: crawl.errors } : {}),
  };
  const ref = db.doc(`${runsPath(task.workspaceId, task.jobId)}/${task.runId}`);
  try {
    await ref.update(run);
    const recorded = crawlerApi.crawlRunSchema.parse((await ref.get()).data());
    await db.doc(jobPath(task.workspaceId, task.jobId)).update({
      running: false, runId: null, runStartedAt: null, lastRun: recorded, nextRunAt: nextRunAfter(job.refreshRate, finishedAt),
      ...(crawl ? { pageCount: crawl.pageCount } : {}),
    });
  } catch (error) {
    // The job was deleted while it ran: nothing is left to record.
    if ((error as { code?: number }).code !== NOT_FOUND) throw error;
  }
}

/** Firestore's code for an update of a document that does not exist. */
const NOT_FOUND = 5;
