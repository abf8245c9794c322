// Callable deleteCrawlJob: deletes a job, its runs and page records, and (removeSources) the knowledge sources it
// made. A run still going finds its job gone and stops writing.
import { crawlerApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { requireCrawlJobsAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { deleteSource } from '../knowledge';
import type { CrawlerDeps } from './deps';
import { requireJob } from './job-checks';
import { jobPath, pagesPath } from './crawl-jobs';

const contract = crawlerApi.deleteCrawlJob;

export function deleteCrawlJobHandler(deps: CrawlerDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireCrawlJobsAccess(request, input.region, input.workspaceId);
    const db = deps.db(input.region);
    const job = await requireJob(deps, input.region, input.workspaceId, input.jobId);
    let removedSources = 0;
    if (input.removeSources) {
      const pages = await db.collection(pagesPath(input.workspaceId, input.jobId)).select('docId').get();
      for (const page of pages.docs) {
        await deleteSource(deps.knowledge, input.region, job.agentId, String(page.get('docId')));
        removedSources++;
      }
    }
    await db.recursiveDelete(db.doc(jobPath(input.workspaceId, input.jobId)));
    return { deleted: true, removedSources };
  };
}

export const deleteCrawlJobCallable = (deps: CrawlerDeps) => defineCallable(contract, deleteCrawlJobHandler(deps));
