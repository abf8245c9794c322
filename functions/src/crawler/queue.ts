// Where runs wait (adapters/background-queue.ts): Cloud Tasks, the task-queue function `crawlRun` (each run its
// own task: one slow site holds only its own run), or this process where there is no Cloud Tasks.
import { regionSchema } from '@parley/core';
import { z } from 'zod';
import { backgroundTaskFunction, cloudTasksQueue, hasCloudTasks, inProcessQueue, type BackgroundQueue } from '../adapters/background-queue';
import { databaseFor } from '../adapters/firestore';
import { KNOWLEDGE_SECRETS, type KnowledgeDeps } from '../knowledge';
import type { CrawlerDeps, CrawlTask } from './deps';
import { hostLimiter } from './host-limit';
import { runCrawl } from './run';

export const CRAWL_QUEUE = 'crawlRun';
/** A run's limit in the task (Cloud Tasks allows 30 minutes); the run stops itself a minute before. */
export const RUN_DEADLINE_SECONDS = 540;

const idOf = (task: CrawlTask) => task.runId;

const taskSchema = z.object({
  region: regionSchema,
  workspaceId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  jobId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  runId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/** The production Crawler: Cloud Tasks where there is one, this process elsewhere. */
export function platformCrawler(knowledge: KnowledgeDeps): CrawlerDeps {
  const deps: CrawlerDeps = {
    db: databaseFor,
    knowledge,
    queue: hasCloudTasks()
      ? (cloudTasksQueue<CrawlTask & Record<string, unknown>>(CRAWL_QUEUE, idOf, RUN_DEADLINE_SECONDS) as BackgroundQueue<CrawlTask>)
      : inProcessQueue((task: CrawlTask) => runCrawl(deps, task), idOf, 'crawler'),
    hosts: hostLimiter(),
    now: Date.now,
    runBudgetMs: (RUN_DEADLINE_SECONDS - 60) * 1000,
  };
  return deps;
}

/** The task-queue function that runs one crawl run. */
export const crawlRunTask = (deps: CrawlerDeps) => backgroundTaskFunction(
  {
    retryConfig: { maxAttempts: 3, minBackoffSeconds: 60 },
    // Runs of many workspaces go side by side; each holds only its own site's requests.
    rateLimits: { maxConcurrentDispatches: 50 },
    timeoutSeconds: RUN_DEADLINE_SECONDS,
    memory: '512MiB',
    secrets: KNOWLEDGE_SECRETS,
  },
  taskSchema,
  'crawler',
  (task) => runCrawl(deps, task),
);
