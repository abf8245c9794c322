// Whose workspace a client's own upload (a feedback attachment) counts against: the agency owner's — the owner of
// the client's org — in the region the client lives in.
import { REGIONS, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { readClient, readOrg } from './org-client-reads';

/** The client's region and its agency owner's uid; null when the client, its org or the org's owner is unknown. */
export async function clientUploadOwner(clientId: string, regionHint?: Region): Promise<{ region: Region; ownerUid: string } | null> {
  if (!clientId) return null;
  const order: readonly Region[] = regionHint ? [regionHint, ...REGIONS.filter((r) => r !== regionHint)] : REGIONS;
  for (const region of order) {
    const db = databaseFor(region);
    const found = await readClient(db, clientId);
    if (!found) continue;
    const org = await readOrg(db, found.client.orgId);
    const ownerUid = org?.org.ownerID;
    return ownerUid ? { region, ownerUid } : null;
  }
  return null;
}
