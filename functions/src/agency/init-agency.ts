// initAgency callable: creates the caller's agency in the region (defaults; its 25-character secret apart in
// agencies/{id}/private/secrets) or answers the one it already has. Duplicates made by earlier double clicks are
// cleaned up by cleanupDuplicateAgencies.
import { agencyApi, DEFAULT_GOOGLE_FONT, newAgencySecret, newDocId, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { FieldValue } from 'firebase-admin/firestore';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { agenciesOfUser, agencyRecord, userUidOf } from './store';

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

export async function initAgencyHandler(input: { region: 'na' | 'eu' }, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const uid = userUidOf(callerOf(request, contract.signInMessage));
  const existing = (await agenciesOfUser(input.region, uid)).find((a) => a.data.deleted !== true);
  if (existing) return { created: false, agency: agencyRecord(existing) };
  const id = newDocId();
  const db = databaseFor(input.region);
  const ref = db.doc(paths.agency(id));
  const doc = newAgencyDocument(id, uid);
  const batch = db.batch();
  batch.create(ref, { ...doc, createdAt: FieldValue.serverTimestamp() });
  batch.create(db.doc(paths.agencySecrets(id)), { secret: newAgencySecret() });
  await batch.commit();
  const saved = (await ref.get()).data() ?? doc;
  return { created: true, agency: agencyRecord({ region: input.region, id, ref, data: saved }) };
}

export const initAgency = defineCallable(contract, initAgencyHandler);
