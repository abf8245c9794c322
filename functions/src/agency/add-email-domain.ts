// POST /api/resend/domains/{domain}: the owner adds its e-mail sending domain (a root domain). The registry
// keeps one agency per e-mail domain across both regions ("This domain is already added."); the provider answers
// its id and the DNS records, stored on the agency with status not_started.
import { agencyApi, normalizeDomain, validateEmailDomain } from '@parley/core';
import { callerOfBearer } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { emailDomains, EmailProviderError } from './email-domain-client';
import { saveProviderDomain } from './email-domain-store';
import { claimDomain, DomainTakenError, holderOf, releaseDomain } from './registry';
import { requireOwnedAgency } from './agency-reads';

const M = agencyApi.AGENCY_API_MESSAGES;

export const addEmailDomainEndpoint = defineEndpoint(agencyApi.addEmailDomain, async ({ params, headers, body }) => {
  const agency = await requireOwnedAgency(await callerOfBearer(headers), body.region, body.agencyId);
  const problem = validateEmailDomain(params.domain);
  if (problem) throw new HttpError(400, problem);
  const domain = normalizeDomain(params.domain);
  if (agency.data.resendEmailDomain === domain || agency.data.resendEmailDomainId) throw new HttpError(409, M.emailDomainAlreadyAdded);
  try {
    await claimDomain({ host: domain, kind: 'email', ...holderOf(agency) });
  } catch (error) {
    if (error instanceof DomainTakenError) throw new HttpError(409, M.emailDomainAlreadyAdded);
    throw error;
  }
  let created;
  try {
    created = await emailDomains.create(domain);
  } catch (error) {
    await releaseDomain('email', domain, holderOf(agency));
    if (error instanceof EmailProviderError && (error.statusCode === 403 || error.statusCode === 409)) throw new HttpError(409, M.emailDomainAlreadyAdded);
    throw new HttpError(502, M.saveFailed);
  }
  const data = { ...created, status: 'not_started' as const };
  await saveProviderDomain(agency, data, domain);
  return { body: { success: true as const, data } };
});
