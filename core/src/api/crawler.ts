// The Crawler (/automations): a crawl job reads a website into an agent's knowledge base, one source per page
// (tagged with the job), and keeps it fresh: a refresh re-embeds only the pages that changed (the sitemap's
// lastmod, then a conditional GET with the stored ETag or Last-Modified, then a hash of the extracted text), removes
// the pages that disappeared, and records what each run added, updated, left unchanged, removed and failed.
import { z } from 'zod';
import { regionSchema } from '../region';
import { kbRefreshRateSchema } from '../schemas/knowledge';
import { agentIdSchema, callable, workspaceIdSchema } from './contract';

/** Pages a job reads when its owner sets nothing. */
export const CRAWL_DEFAULT_MAX_PAGES = 50;
/** Links followed from the start page when its owner sets nothing (0: the start page only). */
export const CRAWL_DEFAULT_DEPTH = 3;
export const CRAWL_MAX_DEPTH = 10;
/** Path patterns per list (include, exclude). */
export const CRAWL_MAX_PATTERNS = 20;
/** Runs a job's page lists. */
export const CRAWL_RUNS_LISTED = 20;
/** Pages a job's page lists (a paid plan's default cap). */
export const CRAWL_PAGES_LISTED = 500;
/** Failed pages a run keeps (with their reasons). */
export const CRAWL_RUN_ERRORS_KEPT = 20;

export const CRAWLER_MESSAGES = {
  startUrl: 'Please enter the address of the site’s first page (https://...).',
  pattern: 'Patterns are paths starting with / (a * matches any characters), one per line.',
  tooManyPatterns: `At most ${CRAWL_MAX_PATTERNS} patterns per list.`,
  maxPages: (cap: number) => `Your plan allows at most ${cap} pages per crawl job.`,
  agent: 'Choose one of your workspace’s agents.',
  notFound: 'This crawl job does not exist.',
  running: 'This job is already running. Wait for its run to finish.',
  robots: 'The site’s robots.txt does not allow us to read this page.',
  offSite: 'The start page redirected to another site, which a job does not follow.',
} as const;

/** A path pattern: starts with /, `*` matches any characters (e.g. /blog/*, /docs/v2/*). */
const patternSchema = z.string().trim().max(200).regex(/^\/[^\s]*$/, CRAWLER_MESSAGES.pattern);
const patternsSchema = z.array(patternSchema).max(CRAWL_MAX_PATTERNS, CRAWLER_MESSAGES.tooManyPatterns).default([]);

const workspaceInput = z.object({ region: regionSchema, workspaceId: workspaceIdSchema });
const jobIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Job ids are 1 to 64 letters, digits, - or _.');
const SIGN_IN = 'You must be signed in to manage crawl jobs.';

export const CRAWL_RUN_TRIGGERS = ['first', 'manual', 'scheduled'] as const;
export const CRAWL_RUN_STATUSES = ['running', 'done', 'failed'] as const;

/** What one run did: each page counted once. */
export const crawlRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(CRAWL_RUN_TRIGGERS),
  status: z.enum(CRAWL_RUN_STATUSES),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  removed: z.number(),
  failed: z.number(),
  /** The first failed pages, each with our sentence (never the site's answer). */
  errors: z.array(z.object({ url: z.string(), message: z.string() })),
  /** Why the whole run failed (the start page could not be read …), in a sentence. */
  message: z.string().nullable(),
});
export type CrawlRun = z.output<typeof crawlRunSchema>;

/** A job's settings as its form edits them. */
export const crawlJobSettingsSchema = z.object({
  agentId: agentIdSchema,
  startUrl: z.string().trim().min(1, CRAWLER_MESSAGES.startUrl).max(2000).pipe(z.url({ protocol: /^https?$/, error: CRAWLER_MESSAGES.startUrl })),
  maxPages: z.number().int().min(1, 'Read at least 1 page.').default(CRAWL_DEFAULT_MAX_PAGES),
  depth: z.number().int().min(0, 'Depth is 0 (the start page only) or more.').max(CRAWL_MAX_DEPTH, `Depth is at most ${CRAWL_MAX_DEPTH}.`).default(CRAWL_DEFAULT_DEPTH),
  include: patternsSchema,
  exclude: patternsSchema,
  useSitemap: z.boolean().default(true),
  /** How often the job runs again (never: only when asked). */
  refreshRate: kbRefreshRateSchema.default('24h'),
});
export type CrawlJobSettings = z.output<typeof crawlJobSettingsSchema>;

export const crawlJobSchema = crawlJobSettingsSchema.extend({
  id: z.string(),
  agentTitle: z.string(),
  createdAt: z.number(),
  /** When the next scheduled run is due (null: refresh rate never). */
  nextRunAt: z.number().nullable(),
  running: z.boolean(),
  /** Pages the agent's knowledge base holds from this job. */
  pageCount: z.number(),
  lastRun: crawlRunSchema.nullable(),
});
export type CrawlJob = z.output<typeof crawlJobSchema>;

/** Callable listCrawlJobs: the workspace's jobs and the most pages its plan allows a job (members). */
export const listCrawlJobs = callable('listCrawlJobs', {
  signInMessage: SIGN_IN,
  input: workspaceInput,
  output: z.object({ jobs: z.array(crawlJobSchema), maxPagesCap: z.number() }),
});

/** A page the job holds in the knowledge base: its address and how many links from the start page it was found. */
export const crawlPageSchema = z.object({ url: z.string(), depth: z.number() });
export type CrawlPage = z.output<typeof crawlPageSchema>;

/** Callable getCrawlJob: one job, its latest runs (newest first) and the pages it holds (by address). */
export const getCrawlJob = callable('getCrawlJob', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({ jobId: jobIdSchema }),
  output: z.object({ job: crawlJobSchema, runs: z.array(crawlRunSchema), pages: z.array(crawlPageSchema) }),
});

/**
 * Callable saveCrawlJob: creates a job (no jobId; its first run starts at once in the background) or edits one.
 * The start URL is checked against the safe-fetch rules; maxPages against the plan's cap.
 */
export const saveCrawlJob = callable('saveCrawlJob', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend(crawlJobSettingsSchema.shape).extend({ jobId: jobIdSchema.optional() }),
  output: z.object({ job: crawlJobSchema }),
});

/** Callable runCrawlJob: refreshes the job now (in the background); refused while it runs. */
export const runCrawlJob = callable('runCrawlJob', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({ jobId: jobIdSchema }),
  output: z.object({ job: crawlJobSchema }),
});

/** Callable deleteCrawlJob: deletes the job and, when asked, the knowledge sources it made. */
export const deleteCrawlJob = callable('deleteCrawlJob', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({ jobId: jobIdSchema, removeSources: z.boolean().default(true) }),
  output: z.object({ deleted: z.literal(true), removedSources: z.number() }),
});
