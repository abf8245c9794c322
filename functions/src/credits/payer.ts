// Who pays for an agent's usage: the one module that answers it (core's payerFor decides from the orgs read here).
// An org of the agent's workspace that lists the agent and has billing on pays from orgs/{id}.loadTokens; otherwise
// the workspace pays. The orgs listing an agent with billing on are read with one query by the agent's id (it needs
// no agent fields, so the runtime starts it beside the agent's own read) and reused by a warm instance for as long
// as the agent's settings are (runtimeDeps().agentCacheMs): turning billing on or off takes effect within that time,
// like an owner's edit of the agent. Balances are never cached here (metering reads or knows them).
import { paths, payerFor, type Payer, type PayerOrgCandidate } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export type { Payer } from '@parley/core';

/** The same time the runtime reuses an agent's settings for. */
export const PAYER_CACHE_MS = 3000;
const CACHE_MAX = 500;

interface Cached {
  at: number;
  orgs: Promise<PayerOrgCandidate[]>;
}
// One map per database (a region's): there are only a few.
const caches = new Map<Firestore, Map<string, Cached>>();

async function readBillingOrgs(db: Firestore, agentId: string): Promise<PayerOrgCandidate[]> {
  const snaps = await db.collection(paths.orgs()).where('widgetIDs', 'array-contains', agentId).where('allowBilling', '==', true).get();
  return snaps.docs.map((d) => ({ ID: d.id, ownerID: d.get('ownerID'), widgetIDs: d.get('widgetIDs'), allowBilling: d.get('allowBilling') }));
}

/**
 * The orgs with billing on that list the agent (cached for `ttlMs`; 0: always read). Concurrent first requests share
 * one read; a failed read is not kept.
 */
export function billingOrgsOf(db: Firestore, agentId: string, now: number, ttlMs = PAYER_CACHE_MS): Promise<PayerOrgCandidate[]> {
  if (!(ttlMs > 0)) return readBillingOrgs(db, agentId);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(agentId);
  if (hit && now - hit.at < ttlMs) return hit.orgs;
  const orgs = readBillingOrgs(db, agentId);
  const entry = { at: now, orgs };
  cache.delete(agentId);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(agentId, entry);
  orgs.catch(() => {
    if (cache.get(agentId) === entry) cache.delete(agentId);
  });
  return orgs;
}

/** Who pays for this agent: { kind: 'org', orgId } or { kind: 'workspace' } (its ownerID). */
export async function payerOf(
  db: Firestore,
  agent: { ID: string; ownerID: string },
  now = Date.now(),
  ttlMs = PAYER_CACHE_MS,
  orgsRead?: Promise<PayerOrgCandidate[]>,
): Promise<Payer> {
  if (!agent.ownerID) return { kind: 'workspace', ownerID: agent.ownerID };
  return payerFor(agent, await (orgsRead ?? billingOrgsOf(db, agent.ID, now, ttlMs)));
}

/** The org to name in a credit reservation, or undefined when the workspace pays. */
export const payingOrg = (payer: Payer): string | undefined => (payer.kind === 'org' ? payer.orgId : undefined);

/** Forgets what was read (tests; after billing is turned on or off on this instance). */
export function forgetPayers(): void {
  caches.clear();
}
