// Callable runCrawlJob: refreshes a job now, in the background (409 with a sentence while a run holds it).
import { crawlerApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { requireCrawlJobsAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import type { CrawlerDeps } from './deps';
import { startRun } from './start-run';
import { agentTitles, publicJob } from './crawl-jobs';

const contract = crawlerApi.runCrawlJob;

export function runCrawlJobHandler(deps: CrawlerDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireCrawlJobsAccess(request, input.region, input.workspaceId);
    const db = deps.db(input.region);
    const started = await startRun(deps, input.region, input.workspaceId, input.jobId, 'manual');
    if (!started) throw new HttpError(404, crawlerApi.CRAWLER_MESSAGES.notFound);
    if (!started.started) throw new HttpError(409, crawlerApi.CRAWLER_MESSAGES.running);
    const titles = await agentTitles(db, [started.job.agentId]);
    return { job: publicJob(input.jobId, started.job, titles.get(started.job.agentId) ?? '') };
  };
}

export const runCrawlJobCallable = (deps: CrawlerDeps) => defineCallable(contract, runCrawlJobHandler(deps));
