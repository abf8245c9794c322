// Agents an org may be given: each must belong to the agency owner (its personal workspace or a team workspace it
// created) — the same tenancy check as core's clientAgentDenial / firestore.rules' orgOwnerControls.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/endpoint';

export const AGENT_NOT_YOURS = 'One of the selected agents does not belong to your workspaces.';

/** The ids among `agentIds` that exist and belong to `ownerUid`, in the given order. */
export async function ownedAgents(db: Firestore, agentIds: readonly string[], ownerUid: string): Promise<string[]> {
  if (agentIds.length === 0) return [];
  const snaps = await db.getAll(...agentIds.map((id) => db.doc(paths.agent(id))));
  const owners = new Map<string, boolean>();
  const out: string[] = [];
  for (const snap of snaps) {
    if (!snap.exists) continue;
    const ownerID = snap.get('ownerID');
    if (typeof ownerID !== 'string') continue;
    if (ownerID === ownerUid) { out.push(snap.id); continue; }
    if (!owners.has(ownerID)) owners.set(ownerID, (await db.doc(paths.user(ownerID)).get()).get('ownerId') === ownerUid);
    if (owners.get(ownerID)) out.push(snap.id);
  }
  return out;
}

/** 403 unless every id is an agent of the agency owner. */
export async function requireOwnedAgents(db: Firestore, agentIds: readonly string[], ownerUid: string): Promise<void> {
  const unique = [...new Set(agentIds)];
  if ((await ownedAgents(db, unique, ownerUid)).length !== unique.length) throw new HttpError(403, AGENT_NOT_YOURS);
}
