// POST /api/{region}/vercel-api/custom-domain: the owner claims a subdomain (name + the platform's root domain)
// or a custom domain (a subdomain of its own domain, custom-branding access needed). The claim goes through the
// registry (one host, one holder: region, agency id and owner), then the host is added to the Hosting site; the
// agency's previous domain of the same kind is released. A custom domain gets a DNS reminder to the owner. A custom
// domain another agency reserved 7 days ago or more without proving it passes to this one: the previous holder's
// record of it is cleared.
import { agencyApi, normalizeDomain, normalizeSubdomain, validateCustomDomain, validateSubdomain } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { callerOfBearer } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { agencyAccessFor } from '../access';
import { rootDomain } from './config';
import { deleteDnsReminder, writeDnsReminder } from './dns-reminders';
import { clearBrandingMemo } from './agency-by-host';
import { domainFieldOf, verifiedFieldOf, type HostType } from './hosts';
import { dnsRecordsOf, hostingClient, isDomainLive } from './hosting-client';
import { claimDomain, DomainTakenError, holderOf, holdsOrUnregistered, markDomainVerified, releaseDomain, type DomainClaim } from './registry';
import { findAgency, requireOwnedAgency } from './agency-reads';

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

/** The lapsed reservation's agency no longer names the host as its own (its reminder goes too). */
async function clearLapsedReservation(previous: DomainClaim): Promise<void> {
  const agency = await findAgency(previous.region, previous.agencyId);
  if (!agency || agency.data.customDomain !== previous.host || agency.data.isVerifiedCustomDomain === true) return;
  await agency.ref.set({ customDomain: '', isVerifiedCustomDomain: false, customDomainConfig: FieldValue.delete() }, { merge: true });
  await deleteDnsReminder(agency, previous.host);
}

export const claimDomainEndpoint = defineEndpoint(agencyApi.claimAgencyDomain, async ({ params, headers, body }) => {
  const caller = await callerOfBearer(headers);
  const agency = await requireOwnedAgency(caller, params.region, body.agencyId);
  const type: HostType | null = body.isVGSubdomain ? 'subdomain' : body.isCustomDomain ? 'custom' : null;
  if (!type) throw new HttpError(400, 'Invalid input — isVGSubdomain or isCustomDomain must be true.');
  if (type === 'custom' && !(await agencyAccessFor(agency.region, String(agency.data.userId))).canAccessCustomBranding) throw new HttpError(403, M.needsCustomBranding);
  const host = hostToClaim(type, body.customDomain);
  const failed = type === 'subdomain' ? M.subdomainFailed : M.customDomainFailed;

  const holder = holderOf(agency);
  try {
    const { replaced } = await claimDomain({ host, kind: type, ...holder });
    if (replaced) await clearLapsedReservation(replaced);
  } catch (error) {
    if (error instanceof DomainTakenError) throw new HttpError(409, type === 'subdomain' ? M.subdomainTaken : M.domainOnAnotherAccount);
    throw error;
  }

  let hosted;
  try {
    hosted = await hostingClient.create(host);
  } catch {
    const previous = agency.data[domainFieldOf(type)];
    if (previous !== host) await releaseDomain(type, host, holder);
    throw new HttpError(502, failed);
  }

  const previous = agency.data[domainFieldOf(type)];
  // The previous host leaves the site only when this agency still holds it (a lapsed reservation may be another's).
  if (typeof previous === 'string' && previous && previous !== host && (await holdsOrUnregistered(type, previous, agency))) {
    await releaseDomain(type, previous, holder);
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
  if (isVerified) await markDomainVerified(type, host, holder);
  if (type === 'custom' && !isVerified) await writeDnsReminder(agency, host);
  clearBrandingMemo();
  return { body: { success: true as const, data: { domain: host, domainType: type, isVerified, verification } } };
});
