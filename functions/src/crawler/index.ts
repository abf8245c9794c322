// The Crawler: crawl jobs that read a website into an agent's knowledge base (one source per page, through the safe
// fetch, robots.txt respected) and keep it fresh, re-embedding only what changed. Runs are background tasks
// (`crawlRun`); due jobs are started by `crawlJobsDue`.
import { deleteCrawlJobCallable } from './delete-crawl-job';
import type { CrawlerDeps } from './deps';
import { getCrawlJobCallable } from './get-crawl-job';
import { listCrawlJobsCallable } from './list-crawl-jobs';
import { runCrawlJobCallable } from './run-crawl-job';
import { saveCrawlJobCallable } from './save-crawl-job';

export type { CrawlerDeps, CrawlTask } from './deps';
export { platformCrawler, crawlRunTask } from './queue';
export { crawlJobsDueJob, startDueRuns } from './schedule';
export { runCrawl } from './run';
export { hostLimiter } from './host-limit';

export const crawlerCallables = (deps: CrawlerDeps) => ({
  listCrawlJobs: listCrawlJobsCallable(deps),
  getCrawlJob: getCrawlJobCallable(deps),
  saveCrawlJob: saveCrawlJobCallable(deps),
  runCrawlJob: runCrawlJobCallable(deps),
  deleteCrawlJob: deleteCrawlJobCallable(deps),
});
