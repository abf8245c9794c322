// Hourly refresh of URL sources whose refreshRate has elapsed since lastRefreshTS.
import { KB_REFRESH_RATE_SECONDS, REGIONS, type KbRefreshRate, type Region } from '@parley/core';
import { onSchedule } from 'firebase-functions/scheduler';
import { databaseFor } from '../adapters/firestore';
import { KNOWLEDGE_SECRETS } from './vector-index';
import { ingestSource } from './ingest';

/** Bounded work per run and region; the rest waits for the next hour. */
export const MAX_REFRESHES_PER_RUN = 100;
/** A source PENDING for longer than this was left by a run that died. */
export const STUCK_PENDING_SECONDS = 15 * 60;

export interface DueSource {
  agentId: string;
  docId: string;
  url: string;
}

export function isDue(doc: { refreshRate?: unknown; lastRefreshTS?: unknown }, nowSeconds: number): boolean {
  const rate = KB_REFRESH_RATE_SECONDS[doc.refreshRate as KbRefreshRate];
  if (!rate) return false;
  const last = typeof doc.lastRefreshTS === 'number' ? doc.lastRefreshTS : 0;
  return nowSeconds - last >= rate;
}

export async function findDueSources(region: Region, nowSeconds: number): Promise<DueSource[]> {
  const snap = await databaseFor(region).collectionGroup('kb').where('sourceType', '==', 'url').get();
  const due: DueSource[] = [];
  for (const doc of snap.docs) {
    const agentId = doc.ref.parent.parent?.id;
    const data = doc.data();
    // Skip sources another run is processing, unless that run died long ago (then the source is retried).
    const busy = data.status === 'PENDING' && nowSeconds - (typeof data.pendingSince === 'number' ? data.pendingSince : 0) < STUCK_PENDING_SECONDS;
    if (!agentId || typeof data.url !== 'string' || busy || !isDue(data, nowSeconds)) continue;
    due.push({ agentId, docId: doc.id, url: data.url });
  }
  return due.slice(0, MAX_REFRESHES_PER_RUN);
}

export async function refreshDueSources(nowSeconds = Math.floor(Date.now() / 1000), regions: readonly Region[] = REGIONS) {
  const results: Array<DueSource & { region: Region; status: string }> = [];
  for (const region of regions) {
    for (const source of await findDueSources(region, nowSeconds)) {
      const result = await ingestSource(region, source.agentId, source.docId, { kind: 'url', url: source.url });
      results.push({ ...source, region, status: result.status });
    }
  }
  return results;
}

export const refreshKnowledgeSources = onSchedule({ schedule: 'every 1 hours', timeoutSeconds: 540, secrets: KNOWLEDGE_SECRETS }, async () => {
  const results = await refreshDueSources();
  console.log(`[kb] refreshed ${results.length} URL sources`);
});
