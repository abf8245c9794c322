// Callable saveCrawlJob: creates a job (its first run starts at once, in the background) or edits one. The start
// URL is checked as the safe fetch checks it (resolved, every address public) before it is kept; every fetch checks
// again. maxPages is capped by the plan; the agent must be one of the workspace's.
import { crawlerApi, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { requireCrawlJobsAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { checkUrlResolved, SafeFetchError } from '../safe-fetch';
import type { CrawlerDeps } from './deps';
import { fieldError, maxPagesCap, requireJob } from './job-checks';
import { startRun } from './start-run';
import { agentTitles, jobPath, jobsPath, nextRunAfter, publicJob, readJob, storedJobSchema, type StoredJob } from './crawl-jobs';
import { normalizePageUrl } from './scope';

const contract = crawlerApi.saveCrawlJob;
const START_URL_MESSAGES: Record<string, string> = {
  blocked: 'This address cannot be crawled: it is not a public website.',
  port: 'Only the standard web ports (80, 443, 8080, 8443) can be crawled.',
  unreachable: 'This site could not be found. Check the address.',
};

export function saveCrawlJobHandler(deps: CrawlerDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireCrawlJobsAccess(request, input.region, input.workspaceId);
    const db = deps.db(input.region);
    const { region, workspaceId, jobId: existingId, ...settings } = input;
    const [agent, cap, existing] = await Promise.all([
      db.doc(paths.agent(settings.agentId)).get(),
      maxPagesCap(deps, region, workspaceId),
      existingId ? requireJob(deps, region, workspaceId, existingId) : Promise.resolve(null),
    ]);
    if (!agent.exists || agent.get('ownerID') !== workspaceId) throw fieldError('agentId', crawlerApi.CRAWLER_MESSAGES.agent);
    if (settings.maxPages > cap) throw fieldError('maxPages', crawlerApi.CRAWLER_MESSAGES.maxPages(cap));
    try {
      await checkUrlResolved(settings.startUrl);
    } catch (error) {
      if (error instanceof SafeFetchError) throw fieldError('startUrl', START_URL_MESSAGES[error.code] ?? crawlerApi.CRAWLER_MESSAGES.startUrl);
      throw error;
    }
    const startUrl = normalizePageUrl(settings.startUrl)!;
    const now = deps.now();
    if (existing && existingId) {
      // A changed refresh rate counts from the last run (or now).
      const nextRunAt = nextRunAfter(settings.refreshRate, existing.lastRun?.finishedAt ?? now);
      await db.doc(jobPath(workspaceId, existingId)).update({ ...settings, startUrl, nextRunAt: existing.running ? existing.nextRunAt : nextRunAt, updatedAt: now });
      const saved = (await readJob(db, workspaceId, existingId))!;
      return { job: publicJob(existingId, saved, String(agent.get('title') ?? '')) };
    }
    const ref = db.collection(jobsPath(workspaceId)).doc();
    const job: StoredJob = storedJobSchema.parse({ ...settings, startUrl, createdAt: now, nextRunAt: null });
    await ref.create({ ...job, updatedAt: now });
    const started = await startRun(deps, region, workspaceId, ref.id, 'first');
    const titles = await agentTitles(db, [job.agentId]);
    return { job: publicJob(ref.id, started?.job ?? job, titles.get(job.agentId) ?? '') };
  };
}

export const saveCrawlJobCallable = (deps: CrawlerDeps) => defineCallable(contract, saveCrawlJobHandler(deps));
