// Resolving a web host to the agency that serves it: the registry first, then agency documents written before
// the registry existed (either region). A host counts only while the agency still names it and its verified
// flag is set, and (registered hosts) only for the registry's holder: the agency of that id in that region, still
// owned by the uid the claim was made for.
import { COLLECTIONS, normalizeDomain, REGIONS } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { holderOf, lookupHost, sameHolder } from './registry';
import { findAgency, type FoundAgency } from './agency-reads';

export type HostType = 'subdomain' | 'custom';

/** `Acme.Localhost:5000` → `acme.localhost` (a browser's location.host, a Host header, or a pasted URL). */
export function normalizeHost(input: string): string {
  return normalizeDomain(input).replace(/:\d+$/, '');
}

const FIELDS: Record<HostType, { domain: string; verified: string }> = {
  subdomain: { domain: 'VGsubDomain', verified: 'isVerifiedSubDomain' },
  custom: { domain: 'customDomain', verified: 'isVerifiedCustomDomain' },
};

export const domainFieldOf = (type: HostType) => FIELDS[type].domain;
export const verifiedFieldOf = (type: HostType) => FIELDS[type].verified;

/** Which of the agency's hosts `host` is, or null. */
export function hostTypeOf(agency: FoundAgency, host: string): HostType | null {
  if (agency.data.VGsubDomain === host) return 'subdomain';
  if (agency.data.customDomain === host) return 'custom';
  return null;
}

export interface ResolvedHost {
  agency: FoundAgency;
  hostType: HostType;
  verified: boolean;
}

async function legacyAgencyFor(host: string): Promise<FoundAgency | null> {
  for (const region of REGIONS) {
    for (const field of ['VGsubDomain', 'customDomain'] as const) {
      const snap = await databaseFor(region).collection(COLLECTIONS.agencies).where(field, '==', host).limit(1).get();
      const doc = snap.docs[0];
      if (doc) return { region, id: doc.id, ref: doc.ref, data: doc.data() };
    }
  }
  return null;
}

/** The agency serving `host` (verified or not), or null for a host no agency names. */
export async function resolveHost(rawHost: string): Promise<ResolvedHost | null> {
  const host = normalizeHost(rawHost);
  if (!host) return null;
  const claim = await lookupHost(host);
  const agency = claim ? await findAgency(claim.region, claim.agencyId) : await legacyAgencyFor(host);
  if (!agency || agency.data.deleted === true) return null;
  if (claim && !sameHolder(claim, holderOf(agency))) return null;
  const hostType = hostTypeOf(agency, host);
  if (!hostType) return null;
  return { agency, hostType, verified: agency.data[FIELDS[hostType].verified] === true };
}

/** The agency whose verified subdomain or custom domain is `host`, or null (CL-API's client login uses it too). */
export async function resolveAgencyByHost(rawHost: string): Promise<ResolvedHost | null> {
  const resolved = await resolveHost(rawHost);
  return resolved?.verified ? resolved : null;
}
