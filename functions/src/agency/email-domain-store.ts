// The agency's e-mail sending domain as stored on the agency (resendEmailDomain, …Id, …Status,
// …Records_JSON_STRING), and the owner check shared by the four e-mail domain endpoints.
import { agencyApi, type EmailDomainStatus, type Region } from '@parley/core';
import type { IncomingHttpHeaders } from 'node:http';
import { callerOfBearer } from '../access';
import { HttpError } from '../http/endpoint';
import type { EmailDomainRecord, ProviderDomain } from './email-domain-client';
import { requireOwnedAgency, type FoundAgency } from './agency-reads';

export function storedRecords(agency: FoundAgency): EmailDomainRecord[] {
  try {
    const parsed = JSON.parse(String(agency.data.resendEmailDomainRecords_JSON_STRING ?? '[]')) as unknown;
    return Array.isArray(parsed) ? (parsed as EmailDomainRecord[]) : [];
  } catch {
    return [];
  }
}

export function storedStatus(agency: FoundAgency): EmailDomainStatus {
  const status = agency.data.resendEmailDomainStatus;
  return agencyApi.emailDomainStatusSchema.safeParse(status).success ? (status as EmailDomainStatus) : 'not_started';
}

export async function saveProviderDomain(agency: FoundAgency, domain: ProviderDomain, name?: string): Promise<void> {
  await agency.ref.set(
    {
      ...(name ? { resendEmailDomain: name } : {}),
      resendEmailDomainId: domain.id,
      resendEmailDomainStatus: domain.status,
      resendEmailDomainRecords_JSON_STRING: JSON.stringify(domain.records),
    },
    { merge: true },
  );
}

/** The owner's agency whose e-mail domain has this provider id (404 otherwise: ids of others reveal nothing). */
export async function requireAgencyWithEmailDomain(headers: IncomingHttpHeaders, region: Region, agencyId: string, id: string): Promise<FoundAgency> {
  const agency = await requireOwnedAgency(await callerOfBearer(headers), region, agencyId);
  if (!agency.data.resendEmailDomainId || agency.data.resendEmailDomainId !== id) throw new HttpError(404, agencyApi.AGENCY_API_MESSAGES.emailDomainNotSet);
  return agency;
}
