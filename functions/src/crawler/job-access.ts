// Who may manage crawl jobs: members of the workspace (like its knowledge base), never its agency clients. A job's
// agent must be one of the workspace's agents in the same region.
import { crawlPageLimit, crawlerApi, paths, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { HttpsError } from 'firebase-functions/https';
import { callerOf, requireWorkspaceAccess } from '../access';
import { HttpError } from '../http/endpoint';
import type { CrawlerDeps } from './deps';
import { readJob, type StoredJob } from './store';

export const fieldError = (field: string, message: string) => new HttpsError('invalid-argument', `Invalid input — ${field}: ${message}`);

export async function requireCrawlerAccess(deps: Pick<CrawlerDeps, 'db'>, request: Pick<CallableRequest<unknown>, 'auth'>, region: Region, workspaceId: string) {
  await requireWorkspaceAccess(callerOf(request, crawlerApi.listCrawlJobs.signInMessage), region, workspaceId);
  return deps.db(region);
}

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
