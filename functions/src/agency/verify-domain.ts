// GET /api/{region}/vercel-api/custom-domain?agencyId=&domain=&domainType=: reads the host's state from the
// Hosting site; once it is live the agency's verified flag is set (and the host starts resolving publicly) and the
// registry records the proof (the reservation no longer lapses). Only the registry's holder of the host asks.
import { agencyApi } from '@parley/core';
import { callerOfBearer } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { clearBrandingMemo } from './agency-by-host';
import { domainFieldOf, normalizeHost, verifiedFieldOf } from './hosts';
import { dnsRecordsOf, hostingClient, isDomainLive } from './hosting-client';
import { holderOf, holdsOrUnregistered, markDomainVerified } from './registry';
import { requireOwnedAgency } from './agency-reads';

export const verifyDomainEndpoint = defineEndpoint(agencyApi.verifyAgencyDomain, async ({ params, headers, query }) => {
  const agency = await requireOwnedAgency(await callerOfBearer(headers), params.region, query.agencyId);
  const host = normalizeHost(query.domain);
  if (!host || agency.data[domainFieldOf(query.domainType)] !== host || !(await holdsOrUnregistered(query.domainType, host, agency))) {
    throw new HttpError(404, 'This domain is not set up for this agency.');
  }
  // A domain the site does not have (removed by hand, or a stand-in that restarted) is added again rather than
  // reported as unverified for good.
  const hosted = await hostingClient
    .get(host)
    .then((found) => found ?? hostingClient.create(host))
    .catch(() => {
      throw new HttpError(502, 'Could not check the domain. Please try again.');
    });
  const isVerified = isDomainLive(hosted);
  if (isVerified) await markDomainVerified(query.domainType, host, holderOf(agency));
  if (isVerified !== (agency.data[verifiedFieldOf(query.domainType)] === true)) {
    await agency.ref.set({ [verifiedFieldOf(query.domainType)]: isVerified }, { merge: true });
    clearBrandingMemo();
  }
  return { body: { isVerified, verification: query.domainType === 'custom' ? dnsRecordsOf(hosted) : [] } };
});
