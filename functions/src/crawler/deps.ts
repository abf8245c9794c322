// What the Crawler needs, handed in by the composition (tests and benches pass their own queue, limits and clock).
import type { Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { BackgroundQueue } from '../adapters/background-queue';
import type { KnowledgeDeps } from '../knowledge';
import type { HostLimiter } from './host-limit';

export interface CrawlTask {
  region: Region;
  workspaceId: string;
  jobId: string;
  runId: string;
}

export interface CrawlerDeps {
  db: (region: Region) => Firestore;
  /** How pages become sources (ingestion, embeddings paid in credits). */
  knowledge: KnowledgeDeps;
  /** Where runs wait (Cloud Tasks: the `crawlRun` task-queue function). */
  queue: BackgroundQueue<CrawlTask>;
  /** Requests at once per host, across this instance's runs. */
  hosts: HostLimiter;
  now: () => number;
  /** The longest one run may take; it stops there, keeping what it read, and the next run goes on. */
  runBudgetMs: number;
}
