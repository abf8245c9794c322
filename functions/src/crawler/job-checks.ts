// What the crawl job callables check after access (who may: the access module's requireCrawlJobsAccess): a job named
// by id exists, a field's refusal names the field, and a job crawls at most the plan's pages.
import { crawlPageLimit, crawlerApi, paths, type Region } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import { HttpError } from '../http/endpoint';
import type { CrawlerDeps } from './deps';
import { readJob, type StoredJob } from './crawl-jobs';

export const fieldError = (field: string, message: string) => new HttpsError('invalid-argument', `Invalid input — ${field}: ${message}`);

/** The job, or 404 with our sentence. */
export async function requireJob(deps: Pick<CrawlerDeps, 'db'>, region: Region, workspaceId: string, jobId: string): Promise<StoredJob> {
  const job = await readJob(deps.db(region), workspaceId, jobId);
  if (!job) throw new HttpError(404, crawlerApi.CRAWLER_MESSAGES.notFound);
  return job;
}

/** The most pages the workspace's plan allows one job. */
export async function maxPagesCap(deps: Pick<CrawlerDeps, 'db'>, region: Region, workspaceId: string): Promise<number> {
  return crawlPageLimit((await deps.db(region).doc(paths.user(workspaceId)).get()).data());
}
