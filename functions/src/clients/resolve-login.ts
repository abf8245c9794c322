// The agency and the client a sign-in names: the agency by id (either region), the client by e-mail among the
// agency owner's orgs. Every miss is "This email doesn't exist" (404), so a wrong agency id says no more.
import { type Region } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { HttpError } from '../http/endpoint';
import { countLoginFailure, type SignInCaller } from './login-guard';
import { findAgency, locateAgencyClient, type AgencyHandle, type ClientHandle, type StoredOrg } from './org-client-reads';

export interface ResolvedLogin {
  agency: AgencyHandle;
  client: ClientHandle & { org: StoredOrg; region: Region };
}

export const emailNotFound = () => new HttpError(404, CLIENTS_MESSAGES.emailNotFound);

export async function resolveLogin(agencyId: string, email: string, regionHint?: Region): Promise<ResolvedLogin> {
  const agency = await findAgency(agencyId, regionHint);
  if (!agency || agency.agency.deleted) throw emailNotFound();
  const client = await locateAgencyClient(email, agency.agency.userId, regionHint ?? agency.region);
  if (!client) throw emailNotFound();
  return { agency, client };
}

/** Runs a sign-in step; a refusal (401, 404) counts as a failed attempt of the address and the e-mail. */
export async function countingFailures<T>(caller: SignInCaller, agencyId: string, email: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 404)) await countLoginFailure(caller, agencyId, email);
    throw error;
  }
}
