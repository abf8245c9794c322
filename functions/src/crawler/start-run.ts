// Starting a run: the job is claimed in a transaction (one run at a time; a claim older than STUCK_RUN_MS was left
// by a run that died and is taken over), its run document created, and the run queued off the request path.
import { randomBytes } from 'node:crypto';
import type { crawlerApi, Region } from '@parley/core';
import type { CrawlerDeps } from './deps';
import { jobPath, nextRunAfter, runsPath, storedJobSchema, type StoredJob } from './crawl-jobs';

/** A run claimed longer ago than this died without finishing: a new one may start. */
export const STUCK_RUN_MS = 20 * 60_000;

export async function startRun(
  deps: CrawlerDeps, region: Region, workspaceId: string, jobId: string, trigger: crawlerApi.CrawlRun['trigger'],
): Promise<{ job: StoredJob; started: boolean } | null> {
  const db = deps.db(region);
  const now = deps.now();
  const runId = `run_${now}_${randomBytes(4).toString('hex')}`;
  const claimed = await db.runTransaction(async (tx) => {
    const snap = await tx.get(db.doc(jobPath(workspaceId, jobId)));
    if (!snap.exists) return null;
    const job = storedJobSchema.parse(snap.data());
    if (job.running && (job.runStartedAt ?? 0) > now - STUCK_RUN_MS) return { job, started: false };
    // The next scheduled run counts from this one, so the schedule does not pick the job again meanwhile.
    const claim = { running: true, runId, runStartedAt: now, nextRunAt: nextRunAfter(job.refreshRate, now) };
    tx.update(snap.ref, claim);
    const run: crawlerApi.CrawlRun = {
      id: runId, trigger, status: 'running', startedAt: now, finishedAt: null, added: 0, updated: 0, unchanged: 0, removed: 0, failed: 0, errors: [], message: null,
    };
    tx.create(db.doc(`${runsPath(workspaceId, jobId)}/${runId}`), run);
    return { job: { ...job, ...claim }, started: true };
  });
  if (claimed?.started) await deps.queue.enqueue({ region, workspaceId, jobId, runId }, 0);
  return claimed;
}
