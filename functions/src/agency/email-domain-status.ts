// POST /api/resend/domains/{id}/verify (the provider checks the records; status pending) and
// GET /api/resend/domains/{id} (the page polls it every 5 s; a change of status or records is saved).
import { agencyApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { emailDomains } from './email-domain-client';
import { requireAgencyWithEmailDomain, saveProviderDomain, storedRecords, storedStatus } from './email-domain-store';

const providerFailed = () => new HttpError(502, 'The e-mail provider could not be reached. Please try again.');

export const verifyEmailDomainEndpoint = defineEndpoint(agencyApi.verifyEmailDomain, async ({ params, headers, idTokens, body }) => {
  const agency = await requireAgencyWithEmailDomain({ headers, idTokens }, body.region, body.agencyId, params.id);
  await emailDomains.verify(params.id).catch(() => {
    throw providerFailed();
  });
  const data = { id: params.id, status: storedStatus(agency) === 'verified' ? ('verified' as const) : ('pending' as const), records: storedRecords(agency) };
  await saveProviderDomain(agency, data);
  return { body: { success: true as const, data } };
});

export const getEmailDomainEndpoint = defineEndpoint(agencyApi.getEmailDomain, async ({ params, headers, idTokens, query }) => {
  const agency = await requireAgencyWithEmailDomain({ headers, idTokens }, query.region, query.agencyId, params.id);
  const current = await emailDomains.get(params.id).catch(() => {
    throw providerFailed();
  });
  // "not_started" from the provider after our Verify would undo the page's pending state: keep pending.
  const status = current.status === 'not_started' && storedStatus(agency) === 'pending' ? 'pending' : current.status;
  const data = { id: params.id, status, records: current.records };
  if (status !== storedStatus(agency) || JSON.stringify(current.records) !== JSON.stringify(storedRecords(agency))) await saveProviderDomain(agency, data);
  return { body: { success: true as const, data } };
});
