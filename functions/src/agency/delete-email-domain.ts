// DELETE /api/resend/domains/{id}: removes the e-mail domain at the provider and resets the agency's domain,
// id and records (status not_started); the domain is free for others again.
import { agencyApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { emailDomains } from './email-domain-client';
import { requireAgencyWithEmailDomain } from './email-domain-store';
import { holderOf, releaseDomain } from './registry';

export const deleteEmailDomainEndpoint = defineEndpoint(agencyApi.deleteEmailDomain, async ({ params, headers, idTokens, body }) => {
  const agency = await requireAgencyWithEmailDomain({ headers, idTokens }, body.region, body.agencyId, params.id);
  await emailDomains.remove(params.id).catch(() => {
    throw new HttpError(502, 'The e-mail provider could not be reached. Please try again.');
  });
  const domain = String(agency.data.resendEmailDomain ?? '');
  await agency.ref.set({ resendEmailDomain: '', resendEmailDomainId: '', resendEmailDomainRecords_JSON_STRING: '', resendEmailDomainStatus: 'not_started' }, { merge: true });
  await releaseDomain('email', domain, holderOf(agency));
  return { body: { success: true as const } };
});
