// Callable listCrawlJobs: the workspace's jobs, newest first, with the plan's page cap (members).
import { crawlerApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { requireCrawlJobsAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import type { CrawlerDeps } from './deps';
import { maxPagesCap } from './job-checks';
import { agentTitles, jobsPath, publicJob, storedJobSchema } from './crawl-jobs';

const contract = crawlerApi.listCrawlJobs;
/** More jobs than a workspace keeps; the list shows the newest. */
const LISTED = 100;

export function listCrawlJobsHandler(deps: Pick<CrawlerDeps, 'db'>) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireCrawlJobsAccess(request, input.region, input.workspaceId);
    const db = deps.db(input.region);
    const [snap, cap] = await Promise.all([
      db.collection(jobsPath(input.workspaceId)).orderBy('createdAt', 'desc').limit(LISTED).get(),
      maxPagesCap(deps, input.region, input.workspaceId),
    ]);
    const jobs = snap.docs.map((d) => ({ id: d.id, job: storedJobSchema.parse(d.data()) }));
    const titles = await agentTitles(db, jobs.map((j) => j.job.agentId));
    return { jobs: jobs.map(({ id, job }) => publicJob(id, job, titles.get(job.agentId) ?? '')), maxPagesCap: cap };
  };
}

export const listCrawlJobsCallable = (deps: Pick<CrawlerDeps, 'db'>) => defineCallable(contract, listCrawlJobsHandler(deps));
