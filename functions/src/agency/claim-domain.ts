// POST /api/{region}/vercel-api/custom-domain: the owner claims a subdomain (name + the platform's root domain)
// or a custom domain (a subdomain of its own domain, custom-branding access needed). The claim goes through the
// registry (one host, one agency, both regions), then the host is added to the Hosting site; the agency's
// previous domain of the same kind is released. A custom domain gets a DNS reminder.
import { agencyApi, normalizeDomain, normalizeSubdomain, validateCustomDomain, validateSubdomain } from '@parley/core';
import { callerOfBearer, type Caller } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { agencyAccessFor } from './branding-access';
import { rootDomain } from './config';
import { writeDnsReminder } from './dns-reminders';
import { clearBrandingMemo } from './agency-by-host';
import { domainFieldOf, verifiedFieldOf, type HostType } from './hosts';
import { dnsRecordsOf, hostingClient, isDomainLive } from './hosting-client';
import { claimDomain, DomainTakenError, releaseDomain } from './registry';
import { requireOwnedAgency } from './store';

const M = agencyApi.AGENCY_API_MESSAGES;

/** Subdomains the platform keeps for itself: answered like a taken name. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set(['www', 'app', 'api', 'admin', 'mail', 'email', 'dashboard', 'widget', 'static', 'cdn', 'auth', 'login', 'status', 'docs', 'help', 'support']);

/** The host to claim, or a 400 with the spec's message. */
export function hostToClaim(type: HostType, input: string, root = rootDomain()): string {
  if (type === 'subdomain') {
    const host = normalizeSubdomain(input, root);
    const label = host.slice(0, -(root.length + 1));
    const problem = validateSubdomain(label);
    if (problem) throw new HttpError(400, problem);
    if (RESERVED_SUBDOMAINS.has(label)) throw new HttpError(409, M.subdomainTaken);
    return host;
  }
  const problem = validateCustomDomain(input);
  if (problem) throw new HttpError(400, problem);
  const host = normalizeDomain(input);
  // Names under the platform's root are subdomains: claimed there, with its reserved names.
  if (host === root || host.endsWith(`.${root}`)) throw new HttpError(400, `Addresses under ${root} are set up as a subdomain.`);
  return host;
}

function emailOf(caller: Caller): string {
  return caller.kind === 'user' && caller.email ? caller.email.toLowerCase() : '';
}

export const claimDomainEndpoint = defineEndpoint(agencyApi.claimAgencyDomain, async ({ params, headers, body }) => {
  const caller = await callerOfBearer(headers);
  const agency = await requireOwnedAgency(caller, params.region, body.agencyId);
  const type: HostType | null = body.isVGSubdomain ? 'subdomain' : body.isCustomDomain ? 'custom' : null;
  if (!type) throw new HttpError(400, 'Invalid input — isVGSubdomain or isCustomDomain must be true.');
  if (type === 'custom' && !(await agencyAccessFor(agency.region, String(agency.data.userId))).canAccessCustomBranding) throw new HttpError(403, M.needsCustomBranding);
  const host = hostToClaim(type, body.customDomain);
  const failed = type === 'subdomain' ? M.subdomainFailed : M.customDomainFailed;

  try {
    await claimDomain({ host, kind: type, agencyId: agency.id, region: agency.region, userId: String(agency.data.userId) });
  } catch (error) {
    if (error instanceof DomainTakenError) throw new HttpError(409, type === 'subdomain' ? M.subdomainTaken : M.domainOnAnotherAccount);
    throw error;
  }

  let hosted;
  try {
    hosted = await hostingClient.create(host);
  } catch {
    const previous = agency.data[domainFieldOf(type)];
    if (previous !== host) await releaseDomain(type, host, agency.id);
    throw new HttpError(502, failed);
  }

  const previous = agency.data[domainFieldOf(type)];
  if (typeof previous === 'string' && previous && previous !== host) {
    await releaseDomain(type, previous, agency.id);
    await hostingClient.remove(previous).catch(() => undefined);
  }
  // The platform's DNS serves its subdomains: only a custom domain's owner has records to add.
  const verification = type === 'custom' ? dnsRecordsOf(hosted) : [];
  const isVerified = isDomainLive(hosted);
  const first = verification[0];
  await agency.ref.set(
    {
      [domainFieldOf(type)]: host,
      [verifiedFieldOf(type)]: isVerified,
      ...(type === 'custom' ? { customDomainConfig: first ? { type: first.type, domain: host, name: first.name, value: first.value } : { type: '', domain: host, name: '', value: '' } } : {}),
    },
    { merge: true },
  );
  if (type === 'custom' && !isVerified) await writeDnsReminder(agency, host, emailOf(caller));
  clearBrandingMemo();
  return { body: { success: true as const, data: { domain: host, domainType: type, isVerified, verification } } };
});
