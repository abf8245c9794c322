// DELETE /api/{region}/vercel-api/custom-domain: the owner cancels its subdomain or custom domain: removed
// from the Hosting site, released in the registry, the domain and its flag cleared, its reminder dropped. Only the
// registry's holder (region, agency id and owner) touches the site and the registry: an agency whose lapsed
// reservation another agency has since claimed only forgets the host.
import { agencyApi } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { callerOfBearer } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { clearBrandingMemo } from './agency-by-host';
import { deleteDnsReminder } from './dns-reminders';
import { domainFieldOf, hostTypeOf, normalizeHost, verifiedFieldOf } from './hosts';
import { hostingClient } from './hosting-client';
import { holdsOrUnregistered, holderOf, releaseDomain } from './registry';
import { requireOwnedAgency } from './agency-reads';

export const cancelDomainEndpoint = defineEndpoint(agencyApi.cancelAgencyDomain, async ({ params, headers, body }) => {
  const agency = await requireOwnedAgency(await callerOfBearer(headers), params.region, body.agencyId);
  const host = normalizeHost(body.domain);
  const type = hostTypeOf(agency, host);
  if (!type) throw new HttpError(404, 'This domain is not set up for this agency.');
  const holds = await holdsOrUnregistered(type, host, agency);
  if (holds) {
    try {
      await hostingClient.remove(host);
    } catch {
      throw new HttpError(502, 'Could not remove the domain. Please try again.');
    }
  }
  await agency.ref.set(
    { [domainFieldOf(type)]: '', [verifiedFieldOf(type)]: false, ...(type === 'custom' ? { customDomainConfig: FieldValue.delete() } : {}) },
    { merge: true },
  );
  if (holds) await releaseDomain(type, host, holderOf(agency));
  if (type === 'custom') await deleteDnsReminder(agency, host);
  clearBrandingMemo();
  return { body: { success: true as const, message: agencyApi.AGENCY_API_MESSAGES.domainDeleted } };
});
