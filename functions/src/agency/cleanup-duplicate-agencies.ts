// cleanupDuplicateAgencies callable (on first sign-in): when the caller has more than one agency in the region,
// those never edited (no lastModified) or still with the default (empty) branding text go. The newest edited
// one always stays. A duplicate that holds a domain is marked deleted instead (its claims stay with it, so no
// one else can take a domain that may still point at us); the others are deleted with their secret.
import { agencyApi, paths, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { agenciesOfUser, userUidOf, type AgencyData, type FoundAgency } from './agency-reads';

const isDuplicateCandidate = (data: AgencyData): boolean =>
  typeof data.lastModified !== 'number' || typeof data.brandingText !== 'string' || data.brandingText.trim() === '';

const holdsDomain = (data: AgencyData): boolean =>
  [data.VGsubDomain, data.customDomain, data.resendEmailDomain].some((d) => typeof d === 'string' && d !== '');

/** Which agency stays and which go: the newest edited non-candidate, else the newest of all. */
export function planCleanup(agencies: readonly FoundAgency[]): { keep: FoundAgency | null; remove: FoundAgency[] } {
  const live = agencies.filter((a) => a.data.deleted !== true);
  if (live.length <= 1) return { keep: live[0] ?? null, remove: [] };
  const keep = live.find((a) => !isDuplicateCandidate(a.data)) ?? live[0]!;
  return { keep, remove: live.filter((a) => a !== keep && isDuplicateCandidate(a.data)) };
}

/** Removes the user's duplicate agencies in one region (createWorkspace runs it on a first sign-in). */
export async function cleanupDuplicateAgenciesOf(region: Region, uid: string) {
  const { keep, remove } = planCleanup(await agenciesOfUser(region, uid));
  const deleted: string[] = [];
  const markedDeleted: string[] = [];
  const db = databaseFor(region);
  const batch = db.batch();
  for (const agency of remove) {
    if (holdsDomain(agency.data)) {
      batch.update(agency.ref, { deleted: true });
      markedDeleted.push(agency.id);
    } else {
      batch.delete(agency.ref);
      batch.delete(db.doc(paths.agencySecrets(agency.id)));
      deleted.push(agency.id);
    }
  }
  if (remove.length > 0) await batch.commit();
  return { kept: keep?.id ?? null, deleted, markedDeleted };
}

export async function cleanupDuplicateAgenciesHandler(input: { region: Region }, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const uid = userUidOf(callerOf(request, agencyApi.cleanupDuplicateAgencies.signInMessage));
  return cleanupDuplicateAgenciesOf(input.region, uid);
}

export const cleanupDuplicateAgencies = defineCallable(agencyApi.cleanupDuplicateAgencies, cleanupDuplicateAgenciesHandler);
