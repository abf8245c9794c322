// Hourly refresh of URL sources whose refreshRate has elapsed since lastRefreshTS. Work is shared fairly between
// tenants (the agent's workspace): each run takes one due source per workspace in turn, longest-waiting first,
// at most MAX_REFRESHES_PER_TENANT per workspace and MAX_REFRESHES_PER_RUN in all, so one workspace with many
// sources cannot starve the others. Every fetch goes through safeFetch (fetch-url.ts).
import { KB_REFRESH_RATE_SECONDS, paths, REGIONS, type KbRefreshRate, type Region } from '@parley/core';
import { onSchedule } from 'firebase-functions/scheduler';
import { databaseFor } from '../adapters/firestore';
import { KNOWLEDGE_SECRETS } from './vector-index';
import { refreshUrlSource } from './ingest';
import type { KnowledgeDeps } from './kb-usage';

/** Bounded work per run and region; the rest waits for the next hour. */
export const MAX_REFRESHES_PER_RUN = 100;
/** A workspace's share of one run and region. */
export const MAX_REFRESHES_PER_TENANT = 10;
/** A source PENDING for longer than this was left by a run that died. */
export const STUCK_PENDING_SECONDS = 15 * 60;

export interface DueSource {
  agentId: string;
  docId: string;
  url: string;
  /** The agent's workspace. */
  tenant: string;
}

export interface RefreshLimits {
  perRun: number;
  perTenant: number;
}

export function isDue(doc: { refreshRate?: unknown; lastRefreshTS?: unknown }, nowSeconds: number): boolean {
  const rate = KB_REFRESH_RATE_SECONDS[doc.refreshRate as KbRefreshRate];
  if (!rate) return false;
  const last = typeof doc.lastRefreshTS === 'number' ? doc.lastRefreshTS : 0;
  return nowSeconds - last >= rate;
}

/** Takes one source per tenant in turn (tenants whose oldest source waited longest first), within the limits. */
export function pickFairly(queues: Map<string, DueSource[]>, limits: RefreshLimits): DueSource[] {
  const lanes = [...queues.values()].map((q) => q.slice(0, limits.perTenant));
  const picked: DueSource[] = [];
  for (let round = 0; picked.length < limits.perRun; round++) {
    const takes = lanes.filter((lane) => round < lane.length);
    if (takes.length === 0) break;
    for (const lane of takes) {
      if (picked.length >= limits.perRun) break;
      picked.push(lane[round]!);
    }
  }
  return picked;
}

export async function findDueSources(
  region: Region,
  nowSeconds: number,
  limits: RefreshLimits = { perRun: MAX_REFRESHES_PER_RUN, perTenant: MAX_REFRESHES_PER_TENANT },
): Promise<DueSource[]> {
  const db = databaseFor(region);
  const snap = await db.collectionGroup('kb').where('sourceType', '==', 'url').get();
  const due: Array<Omit<DueSource, 'tenant'> & { last: number }> = [];
  for (const doc of snap.docs) {
    const agentId = doc.ref.parent.parent?.id;
    const data = doc.data();
    // Skip sources another run is processing, unless that run died long ago (then the source is retried).
    const busy = data.status === 'PENDING' && nowSeconds - (typeof data.pendingSince === 'number' ? data.pendingSince : 0) < STUCK_PENDING_SECONDS;
    if (!agentId || typeof data.url !== 'string' || busy || !isDue(data, nowSeconds)) continue;
    due.push({ agentId, docId: doc.id, url: data.url, last: typeof data.lastRefreshTS === 'number' ? data.lastRefreshTS : 0 });
  }
  if (due.length === 0) return [];
  // The tenant is the agent's workspace; sources of an agent that no longer exists are not refreshed.
  const agentIds = [...new Set(due.map((d) => d.agentId))];
  const agents = await db.getAll(...agentIds.map((id) => db.doc(paths.agent(id))));
  const tenantOf = new Map(agents.filter((a) => a.exists && typeof a.get('ownerID') === 'string').map((a) => [a.id, a.get('ownerID') as string]));
  const queues = new Map<string, DueSource[]>();
  for (const d of due.sort((a, b) => a.last - b.last)) {
    const tenant = tenantOf.get(d.agentId);
    if (!tenant) continue;
    const queue = queues.get(tenant) ?? [];
    queue.push({ agentId: d.agentId, docId: d.docId, url: d.url, tenant });
    queues.set(tenant, queue);
  }
  return pickFairly(queues, limits);
}

export async function refreshDueSources(deps: KnowledgeDeps, nowSeconds = Math.floor(Date.now() / 1000), regions: readonly Region[] = REGIONS, limits?: RefreshLimits) {
  const results: Array<DueSource & { region: Region; status: string }> = [];
  for (const region of regions) {
    for (const source of await findDueSources(region, nowSeconds, limits)) {
      const result = await refreshUrlSource(deps, region, source.agentId, source.docId, source.url);
      results.push({ ...source, region, status: result.status });
    }
  }
  return results;
}

export const refreshKnowledgeSourcesJob = (deps: KnowledgeDeps) => onSchedule({ schedule: 'every 1 hours', timeoutSeconds: 540, secrets: KNOWLEDGE_SECRETS }, async () => {
  const results = await refreshDueSources(deps);
  console.log(`[kb] refreshed ${results.length} URL sources`);
});
