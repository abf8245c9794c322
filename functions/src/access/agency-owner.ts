// Who may change an agency: its owner alone — the same rule as firestore.rules' `match /agencies/{agencyId}` (only
// agencies/{id}.userId changes settings). Members, agency clients, agency-admin sessions and secrets may not.
import { agencyApi, paths, type Region } from '@parley/core';
import type { DocumentReference } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { HttpError } from '../http/endpoint';
import type { Caller } from './caller';
import { isWorkspaceUser } from './members';

const M = agencyApi.AGENCY_API_MESSAGES;

export type AgencyData = Record<string, unknown> & { userId?: string; name?: string };

export interface FoundAgency {
  region: Region;
  id: string;
  ref: DocumentReference;
  data: AgencyData;
}

/** The agency agencies/{agencyId} in `region`, or null. */
export async function findAgency(region: Region, agencyId: string): Promise<FoundAgency | null> {
  const ref = databaseFor(region).doc(paths.agency(agencyId));
  const snap = await ref.get();
  return snap.exists ? { region, id: agencyId, ref, data: (snap.data() ?? {}) as AgencyData } : null;
}

/** The uid of a signed-in dashboard user (not an agency client, not a secret): 403 otherwise. */
export function userUidOf(caller: Caller): string {
  if (!isWorkspaceUser(caller)) throw new HttpError(403, M.notOwner);
  return caller.uid;
}

/** The agency, when the caller is its owner: 404 unknown (or deleted), 403 anyone else (members and clients too). */
export async function requireOwnedAgency(caller: Caller, region: Region, agencyId: string): Promise<FoundAgency> {
  const uid = userUidOf(caller);
  const found = await findAgency(region, agencyId);
  if (!found || found.data.deleted === true) throw new HttpError(404, M.agencyNotFound);
  if (found.data.userId !== uid) throw new HttpError(403, M.notOwner);
  return found;
}
