// getAgency callable: the caller's agency in the region (never its secret), or null.
import { agencyApi, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { callerOf } from '../access';
import { defineCallable } from '../callable/define-callable';
import { agenciesOfUser, agencyRecord, userUidOf } from './agency-reads';

const contract = agencyApi.getAgency;

export async function getAgencyHandler(input: { region: Region }, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const uid = userUidOf(callerOf(request, contract.signInMessage));
  const found = (await agenciesOfUser(input.region, uid)).find((a) => a.data.deleted !== true);
  return { agency: found ? agencyRecord(found) : null };
}

export const getAgency = defineCallable(contract, getAgencyHandler);
