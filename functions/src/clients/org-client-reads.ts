// Reading orgs, clients and agencies for the clients feature: parsed with core's schemas, in the region asked
// (agencies are looked up in the other region too).
import {
  paths, REGIONS, storedAgencySchema, storedClientSchema, storedOrgSchema, type Region,
} from '@parley/core';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';

export type StoredOrg = z.output<typeof storedOrgSchema>;
export type StoredClient = z.output<typeof storedClientSchema>;
export type StoredAgency = z.output<typeof storedAgencySchema>;

export interface OrgHandle { ref: DocumentReference; org: StoredOrg }
export interface ClientHandle { ref: DocumentReference; client: StoredClient }
export interface AgencyHandle { region: Region; agency: StoredAgency }

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function readOrg(db: Firestore, orgId: string): Promise<OrgHandle | null> {
  const snap = await db.doc(paths.org(orgId)).get();
  return snap.exists ? { ref: snap.ref, org: parseStored(storedOrgSchema, snap, { ID: orgId }) } : null;
}

export async function readClient(db: Firestore, clientId: string): Promise<ClientHandle | null> {
  const snap = await db.doc(paths.client(clientId)).get();
  return snap.exists ? { ref: snap.ref, client: parseStored(storedClientSchema, snap, { ID: clientId }) } : null;
}

/** The agency in the region named first, else in the other one. */
export async function findAgency(agencyId: string, regionHint?: Region): Promise<AgencyHandle | null> {
  const order = regionHint ? [regionHint, ...REGIONS.filter((r) => r !== regionHint)] : [...REGIONS];
  for (const region of order) {
    const snap = await databaseFor(region).doc(paths.agency(agencyId)).get();
    if (snap.exists) return { region, agency: parseStored(storedAgencySchema, snap, { ID: agencyId }) };
  }
  return null;
}

/** The agency (not deleted) the owner of an org has in the org's region: where its clients sign in. */
export async function findAgencyOfOwner(region: Region, ownerUid: string): Promise<(AgencyHandle & { id: string }) | null> {
  const snap = await databaseFor(region).collection(paths.agencies()).where('userId', '==', ownerUid).limit(10).get();
  const doc = snap.docs.find((d) => d.get('deleted') !== true);
  return doc ? { id: doc.id, region, agency: parseStored(storedAgencySchema, doc, { ID: doc.id }) } : null;
}

/**
 * The client with this e-mail among the orgs owned by `ownerUid` (the agency owner), in one region; e-mails are
 * unique per agency, so two agencies may each have a client with the same address.
 */
export async function findAgencyClientByEmail(db: Firestore, email: string, ownerUid: string): Promise<(ClientHandle & { org: StoredOrg }) | null> {
  const snap = await db.collection(paths.clients()).where('email', '==', normalizeEmail(email)).limit(20).get();
  for (const doc of snap.docs) {
    const client = parseStored(storedClientSchema, doc, { ID: doc.id });
    const org = await readOrg(db, client.orgId);
    if (org && org.org.ownerID === ownerUid) return { ref: doc.ref, client, org: org.org };
  }
  return null;
}

/** The client with this e-mail in any org of the agency owner, searched in `region` first, then the other one. */
export async function locateAgencyClient(email: string, ownerUid: string, regionHint?: Region): Promise<(ClientHandle & { org: StoredOrg; region: Region }) | null> {
  const order = regionHint ? [regionHint, ...REGIONS.filter((r) => r !== regionHint)] : [...REGIONS];
  for (const region of order) {
    const found = await findAgencyClientByEmail(databaseFor(region), email, ownerUid);
    if (found) return { ...found, region };
  }
  return null;
}
