// Scheduled refresh: the jobs whose next run is due, found by a query on `nextRunAt` (due-indexed: never a scan of
// every job or source), oldest first, at most MAX_DUE_PER_RUN per region and run; each run is its own task.
import { REGIONS, type Region } from '@parley/core';
import { onSchedule } from 'firebase-functions/scheduler';
import type { CrawlerDeps } from './deps';
import { startRun } from './start-run';
import { CRAWL_JOBS } from './crawl-jobs';

export const MAX_DUE_PER_RUN = 200;

/** Starts the region's due runs; how many started. */
export async function startDueRuns(deps: CrawlerDeps, region: Region): Promise<number> {
  const due = await deps.db(region).collectionGroup(CRAWL_JOBS).where('nextRunAt', '<=', deps.now()).orderBy('nextRunAt').limit(MAX_DUE_PER_RUN).get();
  let started = 0;
  for (const doc of due.docs) {
    const workspaceId = doc.ref.parent.parent?.id;
    if (!workspaceId) continue;
    if ((await startRun(deps, region, workspaceId, doc.id, 'scheduled'))?.started) started++;
  }
  return started;
}

export const crawlJobsDueJob = (deps: CrawlerDeps) => onSchedule({ schedule: 'every 15 minutes', timeoutSeconds: 300 }, async () => {
  for (const region of REGIONS) console.log(`[crawler] ${region}: ${await startDueRuns(deps, region)} runs started`);
});
