// The domain registry: agencyDomains/{key} in the NA database binds a subdomain, a custom domain or an e-mail
// domain to one holder: (region, agency id, owner uid). Both regions claim through it in one transaction, so two
// agencies (in the same region or not) can never hold the same domain, even when they claim it at the same
// moment. Every claim, release and lookup compares all three: an agency id is unique only within its region,
// so an id alone (or an id from the other region) proves nothing. Nothing outside the registry (in particular the
// Hosting API answering 409 because the site already serves a host) ever counts as holding a domain.
import { COLLECTIONS, paths, REGIONS, type Region } from '@parley/core';
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import type { FoundAgency } from './agency-reads';

/** Where the registry lives: one database decides for both regions. */
const REGISTRY_REGION: Region = 'na';

/** A custom domain whose ownership nobody proved within 7 days may be claimed by another agency. */
export const UNVERIFIED_RESERVATION_MS = 7 * 24 * 3600 * 1000;

export type DomainKind = 'subdomain' | 'custom' | 'email';

/** Who holds a domain: the agency's region, its id there and its owner's uid. */
export interface DomainHolder {
  region: Region;
  agencyId: string;
  userId: string;
}

export interface DomainClaim extends DomainHolder {
  host: string;
  kind: DomainKind;
}

/** A registry entry as stored: the claim, when it was reserved and (once live) when its ownership was proven. */
interface StoredClaim extends DomainClaim {
  reservedAt?: number;
  verifiedAt?: number;
  createdAt?: Timestamp;
}

/** Web hosts and e-mail domains are separate namespaces: an agency may send from the root of its own site. */
export const registryKey = (kind: DomainKind, host: string): string => (kind === 'email' ? `email:${host}` : host);

const registry = () => databaseFor(REGISTRY_REGION);
const entryRef = (kind: DomainKind, host: string) => registry().doc(paths.agencyDomain(registryKey(kind, host)));

/** The holder an agency is: its region, its id and its owner. */
export const holderOf = (agency: FoundAgency): DomainHolder => ({ region: agency.region, agencyId: agency.id, userId: String(agency.data.userId ?? '') });

/** The same holder: region, agency id and owner uid all equal (an owner uid is never empty). */
export const sameHolder = (a: DomainHolder, b: DomainHolder): boolean =>
  a.region === b.region && a.agencyId === b.agencyId && !!a.userId && a.userId === b.userId;

export class DomainTakenError extends Error {
  constructor(readonly holder: DomainClaim) {
    super('domain taken');
    this.name = 'DomainTakenError';
  }
}

/** Field of the agency document that holds a domain of this kind (lookups of data written before the registry). */
const AGENCY_FIELD = { subdomain: 'VGsubDomain', custom: 'customDomain', email: 'resendEmailDomain' } as const satisfies Record<DomainKind, string>;
const VERIFIED_FIELD = { subdomain: 'isVerifiedSubDomain', custom: 'isVerifiedCustomDomain', email: '' } as const satisfies Record<DomainKind, string>;

/** An agency other than the claimant (another region, id or owner) whose document names the host. */
async function legacyHolder(claim: DomainClaim): Promise<DomainClaim | null> {
  for (const region of REGIONS) {
    const snap = await databaseFor(region).collection(COLLECTIONS.agencies).where(AGENCY_FIELD[claim.kind], '==', claim.host).limit(5).get();
    for (const doc of snap.docs) {
      if (doc.get('deleted') === true) continue;
      const holder: DomainClaim = { host: claim.host, kind: claim.kind, agencyId: doc.id, region, userId: String(doc.get('userId') ?? '') };
      if (!sameHolder(holder, claim)) return holder;
    }
  }
  return null;
}

const reservedAtOf = (entry: StoredClaim): number => (typeof entry.reservedAt === 'number' ? entry.reservedAt : (entry.createdAt?.toMillis?.() ?? 0));

/**
 * Whether the holder's custom domain is a reservation that lapsed: never proven live (the registry's verifiedAt,
 * or for entries from before it the holder's verified flag) and reserved at least 7 days before `now`.
 */
async function lapsedReservation(entry: StoredClaim, now: number): Promise<boolean> {
  if (entry.kind !== 'custom' || entry.verifiedAt !== undefined || now - reservedAtOf(entry) < UNVERIFIED_RESERVATION_MS) return false;
  const agency = (await databaseFor(entry.region).doc(paths.agency(entry.agencyId)).get()).data();
  return !(agency && agency[AGENCY_FIELD.custom] === entry.host && agency[VERIFIED_FIELD.custom] === true);
}

/**
 * Claims `host` for the holder: throws DomainTakenError when another holder has it (in the registry, or in an
 * agency document of either region). Claiming a host the holder already has changes nothing. A custom domain
 * another agency reserved 7 days ago or more without proving it is taken over: the answer names that previous
 * holder, whose documents the caller tidies.
 */
export async function claimDomain(claim: DomainClaim, now = Date.now()): Promise<{ replaced: DomainClaim | null }> {
  const ref = entryRef(claim.kind, claim.host);
  const seen = (await ref.get()).data() as StoredClaim | undefined;
  if (!seen) {
    const legacy = await legacyHolder(claim);
    if (legacy) throw new DomainTakenError(legacy);
  }
  const lapsed = !!seen && !sameHolder(seen, claim) && (await lapsedReservation(seen, now));
  const entry = { ...claim, reservedAt: now, createdAt: FieldValue.serverTimestamp() };
  return registry().runTransaction(async (tx) => {
    const holder = (await tx.get(ref)).data() as StoredClaim | undefined;
    if (!holder) {
      tx.create(ref, entry);
      return { replaced: null };
    }
    if (sameHolder(holder, claim)) return { replaced: null };
    // The lapse was judged on what was read before: it still holds only if the entry is that same reservation.
    if (lapsed && seen && sameHolder(holder, seen) && reservedAtOf(holder) === reservedAtOf(seen)) {
      tx.set(ref, entry);
      return { replaced: holder };
    }
    throw new DomainTakenError(holder);
  });
}

/** Releases the host when this holder has it (never another holder's claim). */
export async function releaseDomain(kind: DomainKind, host: string, holder: DomainHolder): Promise<void> {
  if (!host) return;
  const ref = entryRef(kind, host);
  await registry().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && sameHolder(snap.data() as StoredClaim, holder)) tx.delete(ref);
  });
}

/** Records that the holder's host is live (ownership proven): its reservation no longer lapses. */
export async function markDomainVerified(kind: DomainKind, host: string, holder: DomainHolder, now = Date.now()): Promise<void> {
  const ref = entryRef(kind, host);
  await registry().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && sameHolder(snap.data() as StoredClaim, holder) && snap.get('verifiedAt') === undefined) tx.update(ref, { verifiedAt: now });
  });
}

/** Who holds the domain in the registry, or null. */
export async function domainHolder(kind: DomainKind, host: string): Promise<DomainClaim | null> {
  const snap = await entryRef(kind, host).get();
  return snap.exists ? (snap.data() as DomainClaim) : null;
}

/** Who holds a web host (subdomain or custom domain), or null. */
export const lookupHost = (host: string): Promise<DomainClaim | null> => domainHolder('custom', host);

/**
 * Whether this agency may act on its host: the registry names it as the holder, or (hosts from before the
 * registry) nobody holds the host there.
 */
export async function holdsOrUnregistered(kind: DomainKind, host: string, agency: FoundAgency): Promise<boolean> {
  const holder = await domainHolder(kind, host);
  return !holder || sameHolder(holder, holderOf(agency));
}
