// initAgency callable: creates the caller's agency in the region of its workspace (defaults; its 25-character
// secret apart in agencies/{id}/private/secrets) or answers the one it already has. This is the only way an agency
// comes to exist (firestore.rules refuse client creates), so its id is never chosen by anyone: a user's first
// agency has an id derived from its uid and the region (two clicks at once create one agency: the second create
// fails and answers the first; the same user's agencies in two regions never share an id), later ones a random
// id. Duplicates from before are cleaned up by cleanupDuplicateAgencies.
import { createHash } from 'node:crypto';
import { agencyApi, DEFAULT_GOOGLE_FONT, newAgencySecret, newDocId, paths, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { FieldValue } from 'firebase-admin/firestore';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { agenciesOfUser, agencyRecord, userUidOf } from './agency-reads';

const contract = agencyApi.initAgency;

/** A new agency's document: spec defaults, no domain, no secret. */
export function newAgencyDocument(id: string, uid: string) {
  return {
    ID: id,
    userId: uid,
    name: '',
    brandingText: '',
    settings: { disablePasswordLogin: false },
    isVerifiedSubDomain: false,
    isVerifiedCustomDomain: false,
    googleFont: DEFAULT_GOOGLE_FONT,
    themeColorUsage: 'plain',
    themeVariant: 'default',
    resendEmailDomainStatus: 'not_started',
    customTabs: [],
  };
}

/** The id of a user's first agency in a region: derived from the uid and region (revealing neither), the same on every attempt. */
export const firstAgencyId = (uid: string, region: Region): string =>
  createHash('sha256').update(`agency:${region}:${uid}`).digest('base64url').replace(/[^A-Za-z0-9]/g, '').slice(0, 20);

const isAlreadyExists = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
};

export async function initAgencyHandler(input: { region: Region }, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const uid = userUidOf(callerOf(request, contract.signInMessage));
  // The owner's region: where its workspace lives (a user without one there has no agency to run there).
  if (!(await databaseFor(input.region).doc(paths.user(uid)).get()).exists) throw new HttpError(404, agencyApi.AGENCY_API_MESSAGES.workspaceNotFound);
  const live = async () => (await agenciesOfUser(input.region, uid)).find((a) => a.data.deleted !== true);
  const existing = await live();
  if (existing) return { created: false, agency: agencyRecord(existing) };
  const db = databaseFor(input.region);
  for (const id of [firstAgencyId(uid, input.region), newDocId()]) {
    const ref = db.doc(paths.agency(id));
    const doc = newAgencyDocument(id, uid);
    const batch = db.batch();
    batch.create(ref, { ...doc, createdAt: FieldValue.serverTimestamp() });
    batch.create(db.doc(paths.agencySecrets(id)), { secret: newAgencySecret() });
    try {
      await batch.commit();
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      // Another click created it a moment ago (answer that one); or the id belongs to a deleted agency (next id).
      const raced = await live();
      if (raced) return { created: false, agency: agencyRecord(raced) };
      continue;
    }
    const saved = (await ref.get()).data() ?? doc;
    return { created: true, agency: agencyRecord({ region: input.region, id, ref, data: saved }) };
  }
  throw new Error('initAgency: no free agency id');
}

export const initAgency = defineCallable(contract, initAgencyHandler);
