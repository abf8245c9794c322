// The crawler callables (crawlerApi in @parley/core): the workspace's jobs, one job with its runs and pages,
// saving (a new job starts its first run at once), refreshing now, deleting.
import { crawlerApi, type CallableInput, type Region } from '@parley/core';
import { callFunction } from '../../lib/functions';

export type CrawlJob = crawlerApi.CrawlJob;
export type CrawlRun = crawlerApi.CrawlRun;
export type JobInput = Omit<CallableInput<typeof crawlerApi.saveCrawlJob>, 'region' | 'workspaceId'>;

export const crawlerKeys = {
  jobs: (region: Region, workspaceId: string) => ['crawl-jobs', region, workspaceId] as const,
  job: (region: Region, workspaceId: string, jobId: string) => ['crawl-job', region, workspaceId, jobId] as const,
};

export const listJobs = (region: Region, workspaceId: string) => callFunction(crawlerApi.listCrawlJobs, { region, workspaceId });

export const getJob = (region: Region, workspaceId: string, jobId: string) => callFunction(crawlerApi.getCrawlJob, { region, workspaceId, jobId });

export const saveJob = async (region: Region, workspaceId: string, input: JobInput) =>
  (await callFunction(crawlerApi.saveCrawlJob, { ...input, region, workspaceId })).job;

export const runJob = (region: Region, workspaceId: string, jobId: string) => callFunction(crawlerApi.runCrawlJob, { region, workspaceId, jobId });

export const deleteJob = (region: Region, workspaceId: string, jobId: string) =>
  callFunction(crawlerApi.deleteCrawlJob, { region, workspaceId, jobId, removeSources: true });

/** While a job runs, its page asks again this often. */
export const RUNNING_POLL_MS = 3000;

/** A run's counts in words: "4 added, 1 updated, 2 unchanged, 1 removed, 0 failed". */
export const runSummary = (run: Pick<CrawlRun, 'added' | 'updated' | 'unchanged' | 'removed' | 'failed'>) =>
  `${run.added} added, ${run.updated} updated, ${run.unchanged} unchanged, ${run.removed} removed, ${run.failed} failed`;
