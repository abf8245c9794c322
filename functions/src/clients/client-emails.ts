// One client per e-mail per agency owner, across both regions: the scope the sign-in resolves a client by
// (locateAgencyClient). clientEmails/{key} in the NA database names the client holding an address; creating a
// client, or giving one a new address, claims it in a transaction first, so of two simultaneous Add User calls only
// one gets past. key = hash of owner uid and e-mail (no address is stored outside its region's database).
//
// A claim is pending until the client's record carries the address (settleClientEmail). A hold counts while its
// client exists with that address, or while it is pending and younger than PENDING_MS (the write is still on its
// way). Any other hold is stale and may be taken: so a deletion that never released its hold, or a call that died
// half-way, frees the address by itself.
import { createHash } from 'node:crypto';
import { ORG_MESSAGES, paths, type Region } from '@parley/core';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { HttpError } from '../http/endpoint';
import { normalizeEmail } from './org-client-reads';

export const CLIENT_EMAILS = 'clientEmails';

/** Longer than a callable may run, so a creation still in flight is never taken over. */
export const PENDING_MS = 5 * 60_000;

/** One database decides for both regions (like the agency domain registry). */
const registry = (): Firestore => databaseFor('na');

export interface EmailHolder {
  ownerUid: string;
  clientId: string;
  orgId: string;
  region: Region;
}

interface StoredHold extends EmailHolder {
  at: number;
  pending: boolean;
}

export const emailKey = (ownerUid: string, email: string): string =>
  createHash('sha256').update(`${ownerUid}|${normalizeEmail(email)}`).digest('base64url');

const holdRef = (ownerUid: string, email: string) => registry().collection(CLIENT_EMAILS).doc(emailKey(ownerUid, email));

/** The org of the client that really holds the address, or null when the hold is stale. */
async function liveHolderOrg(hold: StoredHold, email: string, now: number): Promise<string | null> {
  const snap = await databaseFor(hold.region).doc(paths.client(hold.clientId)).get();
  const stored = snap.exists ? (snap.get('email') as unknown) : undefined;
  if (typeof stored === 'string' && normalizeEmail(stored) === normalizeEmail(email)) return String(snap.get('orgId') ?? hold.orgId);
  // Not (yet) on the record: a creation or an address change that is still writing it holds the address.
  return hold.pending === true && now - hold.at < PENDING_MS ? hold.orgId : null;
}

/** 409 "Client already exists to org: {orgId}" when another client holds the address; else makes `holder` hold it. */
async function takeHold(tx: Transaction, ref: DocumentReference, current: StoredHold | undefined, holder: EmailHolder, email: string, now: number, pending: boolean): Promise<void> {
  if (current && current.clientId !== holder.clientId) {
    const orgId = await liveHolderOrg(current, email, now);
    if (orgId !== null) throw new HttpError(409, ORG_MESSAGES.clientExists(orgId));
  }
  tx.set(ref, { ...holder, at: now, pending } satisfies StoredHold);
}

/**
 * Claims `email` for the client, and when `previousEmail` is given releases that one in the same transaction
 * (an address change moves the hold). Throws the duplicate message when another client holds `email`. The claim is
 * pending unless the client's record already carries `email` (moving a hold back after a failed change).
 */
export async function claimClientEmail(holder: EmailHolder, email: string, previousEmail?: string, { pending = true } = {}): Promise<void> {
  const ref = holdRef(holder.ownerUid, email);
  const previousRef = previousEmail !== undefined && emailKey(holder.ownerUid, previousEmail) !== ref.id ? holdRef(holder.ownerUid, previousEmail) : null;
  await registry().runTransaction(async (tx) => {
    const [snap, previous] = await tx.getAll(ref, ...(previousRef ? [previousRef] : []));
    const now = Date.now();
    await takeHold(tx, ref, snap?.data() as StoredHold | undefined, holder, email, now, pending);
    if (previousRef && previous?.get('clientId') === holder.clientId) tx.delete(previousRef);
  });
}

/** The client's record now carries the address: the hold counts exactly as long as the record does. */
export async function settleClientEmail(ownerUid: string, email: string, clientId: string): Promise<void> {
  const ref = holdRef(ownerUid, email);
  await registry().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('clientId') === clientId) tx.update(ref, { pending: false });
  });
}

/** Frees the address when this client holds it (never another client's hold). */
export async function releaseClientEmail(ownerUid: string, email: string, clientId: string): Promise<void> {
  const ref = holdRef(ownerUid, email);
  await registry().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('clientId') === clientId) tx.delete(ref);
  });
}
