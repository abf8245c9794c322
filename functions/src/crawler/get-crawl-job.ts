// Callable getCrawlJob: one job, its latest runs (newest first) and the pages it holds, by address (members).
import { crawlerApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { requireCrawlJobsAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { CrawlerDeps } from './deps';
import { requireJob } from './job-checks';
import { agentTitles, pagesPath, publicJob, runsPath } from './crawl-jobs';

const contract = crawlerApi.getCrawlJob;

export function getCrawlJobHandler(deps: Pick<CrawlerDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireCrawlJobsAccess(request, input.region, input.workspaceId);
    const db = deps.db(input.region);
    const job = await requireJob(deps, input.region, input.workspaceId, input.jobId);
    const [runs, pages, titles] = await Promise.all([
      db.collection(runsPath(input.workspaceId, input.jobId)).orderBy('startedAt', 'desc').limit(crawlerApi.CRAWL_RUNS_LISTED).get(),
      db.collection(pagesPath(input.workspaceId, input.jobId)).orderBy('url').select('url', 'depth').limit(crawlerApi.CRAWL_PAGES_LISTED).get(),
      agentTitles(db, [job.agentId]),
    ]);
    return {
      job: publicJob(input.jobId, job, titles.get(job.agentId) ?? ''),
      runs: runs.docs.map((d) => crawlerApi.crawlRunSchema.parse(d.data())),
      pages: pages.docs.map((d) => ({ url: String(d.get('url')), depth: Number(d.get('depth')) || 0 })),
    };
  };
}

export const getCrawlJobCallable = (deps: Pick<CrawlerDeps, 'db'>) => defineCallable(contract, getCrawlJobHandler(deps));
