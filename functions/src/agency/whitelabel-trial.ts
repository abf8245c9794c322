// getAgencyAccess and activateWhitelabelTrial callables: the custom-branding gate of the caller's workspace, and
// its 14-day white-label trial, which starts once (a transaction reads the flag before it sets it).
import { agencyApi, paths, whitelabelTrialEndsAt, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { agencyAccessFor, agencyAccessOf } from '../access';
import { userUidOf } from './agency-reads';

export async function getAgencyAccessHandler(input: { region: Region }, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const uid = userUidOf(callerOf(request, agencyApi.getAgencyAccess.signInMessage));
  return agencyAccessFor(input.region, uid);
}

export async function activateWhitelabelTrialHandler(input: { region: Region }, request: Pick<CallableRequest<unknown>, 'auth'>, nowSeconds = Math.floor(Date.now() / 1000)) {
  const uid = userUidOf(callerOf(request, agencyApi.activateWhitelabelTrial.signInMessage));
  const db = databaseFor(input.region);
  const ref = db.doc(paths.user(uid));
  const endsAt = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError(404, agencyApi.AGENCY_API_MESSAGES.workspaceNotFound);
    const access = agencyAccessOf(snap.data() ?? {}, nowSeconds);
    if (!access.trial.available) throw new HttpError(412, agencyApi.AGENCY_API_MESSAGES.trialUsed);
    const ends = whitelabelTrialEndsAt(nowSeconds);
    tx.update(ref, { 'internal.whitelabel_trial': true, 'internal.whitelabelTrialEndsAt': ends });
    return ends;
  });
  return { success: true as const, whitelabelTrialEndsAt: endsAt };
}

export const getAgencyAccess = defineCallable(agencyApi.getAgencyAccess, getAgencyAccessHandler);
export const activateWhitelabelTrial = defineCallable(agencyApi.activateWhitelabelTrial, (input, request) => activateWhitelabelTrialHandler(input, request));
