// Reading agencies: one in whichever region holds it, the caller's own, and the record its owner gets. One by id in
// a region and the owner check every owner operation starts with are access's (functions/src/access/agency-owner.ts).
import { redactAgency, REGIONS, COLLECTIONS, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { findAgency, type AgencyData, type FoundAgency } from '../access';

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

/** The agency as its owner gets it: never the secret; its region added. */
export function agencyRecord(found: FoundAgency): Record<string, unknown> & { ID: string; userId: string; region: Region } {
  const data = redactAgency(found.data as Record<string, unknown>);
  return { ...data, ID: found.id, userId: String(found.data.userId ?? ''), region: found.region };
}
