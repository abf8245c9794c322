// Reading agencies: one by id (in a region, or in whichever region holds it), the caller's own, and the owner
// check every owner operation starts with (firestore.rules: only agencies/{id}.userId changes settings).
import { agencyApi, paths, redactAgency, REGIONS, COLLECTIONS, type Region } from '@parley/core';
import type { DocumentReference } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import type { Caller } from '../access';
import { HttpError } from '../http/endpoint';

const M = agencyApi.AGENCY_API_MESSAGES;

export type AgencyData = Record<string, unknown> & { userId?: string; name?: string };

export interface FoundAgency {
  region: Region;
  id: string;
  ref: DocumentReference;
  data: AgencyData;
}

export async function findAgency(region: Region, agencyId: string): Promise<FoundAgency | null> {
  const ref = databaseFor(region).doc(paths.agency(agencyId));
  const snap = await ref.get();
  return snap.exists ? { region, id: agencyId, ref, data: (snap.data() ?? {}) as AgencyData } : null;
}

/** The agency with this id in either region (ids are random, so at most one holds it). */
export async function findAgencyAnywhere(agencyId: string, preferred: Region = 'na'): Promise<FoundAgency | null> {
  for (const region of [preferred, ...REGIONS.filter((r) => r !== preferred)]) {
    const found = await findAgency(region, agencyId);
    if (found) return found;
  }
  return null;
}

/** The caller's agencies in a region, newest edit first — deleted ones included: the cleanup needs them, readers skip them. */
export async function agenciesOfUser(region: Region, uid: string): Promise<FoundAgency[]> {
  const snap = await databaseFor(region).collection(COLLECTIONS.agencies).where('userId', '==', uid).get();
  return snap.docs
    .map((doc) => ({ region, id: doc.id, ref: doc.ref, data: doc.data() as AgencyData }))
    .sort((a, b) => editedAt(b.data) - editedAt(a.data));
}

const editedAt = (data: AgencyData): number => (typeof data.lastModified === 'number' ? data.lastModified : 0);

/** The uid of a signed-in dashboard user (not an agency client, not a secret): 401/403 otherwise. */
export function userUidOf(caller: Caller): string {
  if (caller.kind !== 'user' || caller.role !== '') throw new HttpError(403, M.notOwner);
  return caller.uid;
}

/** The agency, when the caller is its owner: 404 unknown, 403 anyone else (members and clients too). */
export async function requireOwnedAgency(caller: Caller, region: Region, agencyId: string): Promise<FoundAgency> {
  const uid = userUidOf(caller);
  const found = await findAgency(region, agencyId);
  if (!found || found.data.deleted === true) throw new HttpError(404, M.agencyNotFound);
  if (found.data.userId !== uid) throw new HttpError(403, M.notOwner);
  return found;
}

/** The agency as its owner gets it: never the secret; its region added. */
export function agencyRecord(found: FoundAgency): Record<string, unknown> & { ID: string; userId: string; region: Region } {
  const data = redactAgency(found.data as Record<string, unknown>);
  return { ...data, ID: found.id, userId: String(found.data.userId ?? ''), region: found.region };
}
