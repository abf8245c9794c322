// Crawl jobs, per workspace: users/{uid}/crawlJobs/{jobId} (the settings, whether a run holds it, when the next run
// is due, the last run's counts), its runs (…/runs/{runId}) and what it knows of each page it read
// (…/pages/{key}: the address, the knowledge source made from it, its validators, the hash of its text, its
// sitemap lastmod and its links). Written by functions only; the page reads them through callables.
import { createHash } from 'node:crypto';
import { crawlerApi, kbRefreshRateSchema, KB_REFRESH_RATE_SECONDS, paths, type KbRefreshRate } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';

export const CRAWL_JOBS = 'crawlJobs';
export const jobsPath = (workspaceId: string) => `${paths.user(workspaceId)}/${CRAWL_JOBS}`;
export const jobPath = (workspaceId: string, jobId: string) => `${jobsPath(workspaceId)}/${jobId}`;
export const runsPath = (workspaceId: string, jobId: string) => `${jobPath(workspaceId, jobId)}/runs`;
export const pagesPath = (workspaceId: string, jobId: string) => `${jobPath(workspaceId, jobId)}/pages`;
/** A page's document id: its address hashed (addresses are longer than ids may be). */
export const pageKey = (url: string) => createHash('sha256').update(url).digest('base64url').slice(0, 32);

export const storedJobSchema = z.object({
  agentId: z.string(),
  startUrl: z.string(),
  maxPages: z.number(),
  depth: z.number(),
  include: z.array(z.string()).default([]),
  exclude: z.array(z.string()).default([]),
  useSitemap: z.boolean().default(true),
  refreshRate: kbRefreshRateSchema.default('24h'),
  createdAt: z.number(),
  nextRunAt: z.number().nullable().default(null),
  running: z.boolean().default(false),
  runId: z.string().nullable().default(null),
  runStartedAt: z.number().nullable().default(null),
  pageCount: z.number().default(0),
  lastRun: crawlerApi.crawlRunSchema.nullable().default(null),
});
export type StoredJob = z.output<typeof storedJobSchema>;

export const storedPageSchema = z.object({
  url: z.string(),
  docId: z.string(),
  depth: z.number(),
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  /** SHA-256 of the extracted text. */
  hash: z.string(),
  /** The sitemap's lastmod when the page was last read. */
  lastmod: z.string().nullable().default(null),
  links: z.array(z.string()).default([]),
});
export type StoredPage = z.output<typeof storedPageSchema>;

/** When a job whose run ended at `at` runs next (null: only when asked). */
export function nextRunAfter(rate: KbRefreshRate, at: number): number | null {
  const seconds = KB_REFRESH_RATE_SECONDS[rate];
  return seconds ? at + seconds * 1000 : null;
}

export async function readJob(db: Firestore, workspaceId: string, jobId: string): Promise<StoredJob | null> {
  const snap = await db.doc(jobPath(workspaceId, jobId)).get();
  return snap.exists ? storedJobSchema.parse(snap.data()) : null;
}

/** The job as the page shows it: an allowlist of its fields, with its agent's title. */
export function publicJob(id: string, job: StoredJob, agentTitle: string): crawlerApi.CrawlJob {
  return {
    id, agentId: job.agentId, agentTitle, startUrl: job.startUrl, maxPages: job.maxPages, depth: job.depth, include: job.include,
    exclude: job.exclude, useSitemap: job.useSitemap, refreshRate: job.refreshRate, createdAt: job.createdAt, nextRunAt: job.nextRunAt,
    running: job.running, pageCount: job.pageCount, lastRun: job.lastRun,
  };
}

/** The titles of the workspace's agents named, by id ('' for one that no longer exists). */
export async function agentTitles(db: Firestore, agentIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(agentIds)];
  if (ids.length === 0) return new Map();
  const snaps = await db.getAll(...ids.map((id) => db.doc(paths.agent(id))));
  return new Map(snaps.map((s) => [s.id, String(s.get('title') ?? '')]));
}
