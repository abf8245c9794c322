// Per-workspace quotas: fixed-window counters kept in the workspace's private subcollection
// (users/{workspaceId}/private/quota-{name}: { windowStart (ms), counts: { [counter]: n } }), taken in a
// transaction so concurrent calls cannot both slip under a limit. Clients never read or write them (the rules'
// `private` documents are functions-only). Uploads and workspace invitations use them.
import { COLLECTIONS, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export interface QuotaSpec {
  /** The document's name: users/{workspaceId}/private/quota-{name}. */
  name: string;
  windowSeconds: number;
  /** The most each counter may reach within one window. */
  limits: Readonly<Record<string, number>>;
}

export type QuotaOutcome = { allowed: true } | { allowed: false; counter: string; retryAfterSeconds: number };

export function quotaPath(workspaceId: string, name: string): string {
  return `${paths.user(workspaceId)}/${COLLECTIONS.private}/quota-${name}`;
}

/**
 * Adds `amounts` to the workspace's counters if none would pass its limit in the current window (and then
 * records them); otherwise records nothing and says which counter is full and when the window ends.
 */
export async function takeQuota(db: Firestore, workspaceId: string, spec: QuotaSpec, amounts: Readonly<Record<string, number>>, nowMs = Date.now()): Promise<QuotaOutcome> {
  const ref = db.doc(quotaPath(workspaceId, spec.name));
  const windowMs = spec.windowSeconds * 1000;
  return db.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data();
    const started = typeof data?.windowStart === 'number' && nowMs - data.windowStart < windowMs ? data.windowStart : nowMs;
    const counts: Record<string, number> = started === data?.windowStart && data?.counts && typeof data.counts === 'object' ? { ...data.counts } : {};
    for (const [counter, amount] of Object.entries(amounts)) {
      const limit = spec.limits[counter];
      if (limit === undefined) throw new Error(`quota ${spec.name}: unknown counter ${counter}`);
      if ((Number(counts[counter]) || 0) + amount > limit) {
        return { allowed: false, counter, retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - nowMs) / 1000)) };
      }
    }
    for (const [counter, amount] of Object.entries(amounts)) counts[counter] = (Number(counts[counter]) || 0) + amount;
    tx.set(ref, { windowStart: started, counts });
    return { allowed: true };
  });
}

export { countAgents, countClientSeats, createWithinPlanLimit } from './plan-limits';
