// The domain registry: agencyDomains/{key} in the NA database holds which agency owns a subdomain, a custom
// domain or an e-mail domain. Both regions claim through it in one transaction, so two agencies (in the same
// region or not) can never hold the same domain, even when they claim it at the same moment.
import { COLLECTIONS, paths, REGIONS, type Region } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';

/** Where the registry lives: one database decides for both regions. */
const REGISTRY_REGION: Region = 'na';

export type DomainKind = 'subdomain' | 'custom' | 'email';

export interface DomainClaim {
  host: string;
  kind: DomainKind;
  agencyId: string;
  region: Region;
  userId: string;
}

/** Web hosts and e-mail domains are separate namespaces: an agency may send from the root of its own site. */
export const registryKey = (kind: DomainKind, host: string): string => (kind === 'email' ? `email:${host}` : host);

const registry = () => databaseFor(REGISTRY_REGION);

export class DomainTakenError extends Error {
  constructor(readonly holder: DomainClaim) {
    super('domain taken');
    this.name = 'DomainTakenError';
  }
}

/** Field of the agency document that holds a domain of this kind (lookups of data written before the registry). */
const AGENCY_FIELD = { subdomain: 'VGsubDomain', custom: 'customDomain', email: 'resendEmailDomain' } as const satisfies Record<DomainKind, string>;

/** An agency (other than `exceptAgencyId`) whose document names the host, in either region. */
async function legacyHolder(kind: DomainKind, host: string, exceptAgencyId: string): Promise<DomainClaim | null> {
  for (const region of REGIONS) {
    const snap = await databaseFor(region).collection(COLLECTIONS.agencies).where(AGENCY_FIELD[kind], '==', host).limit(5).get();
    const other = snap.docs.find((doc) => doc.id !== exceptAgencyId && doc.get('deleted') !== true);
    if (other) return { host, kind, agencyId: other.id, region, userId: String(other.get('userId') ?? '') };
  }
  return null;
}

/**
 * Claims `host` for the agency: throws DomainTakenError when another agency holds it (in the registry, or in an
 * agency document of either region). Claiming a host the agency already holds is a no-op.
 */
export async function claimDomain(claim: DomainClaim): Promise<void> {
  const legacy = await legacyHolder(claim.kind, claim.host, claim.agencyId);
  if (legacy) throw new DomainTakenError(legacy);
  const ref = registry().doc(paths.agencyDomain(registryKey(claim.kind, claim.host)));
  await registry().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const holder = snap.data() as DomainClaim | undefined;
    if (holder && holder.agencyId !== claim.agencyId) throw new DomainTakenError(holder);
    if (!holder) tx.create(ref, { ...claim, createdAt: FieldValue.serverTimestamp() });
  });
}

/** Releases the host when this agency holds it (never another agency's claim). */
export async function releaseDomain(kind: DomainKind, host: string, agencyId: string): Promise<void> {
  if (!host) return;
  const ref = registry().doc(paths.agencyDomain(registryKey(kind, host)));
  await registry().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('agencyId') === agencyId) tx.delete(ref);
  });
}

/** Who holds a web host (subdomain or custom domain), or null. */
export async function lookupHost(host: string): Promise<DomainClaim | null> {
  const snap = await registry().doc(paths.agencyDomain(registryKey('custom', host))).get();
  return snap.exists ? (snap.data() as DomainClaim) : null;
}
