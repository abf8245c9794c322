// The web hosts an agency's pages are served on and proven: its verified subdomain and custom domain. A payment
// page may send the browser back only to these (or to the app itself): never to an address a caller chose.
import type { Region } from '@parley/core';
import { agenciesOfUser } from './agency-reads';

/** The verified hosts of the agencies `ownerUid` runs in `region` (lower-case, no port). */
export async function agencyVerifiedHosts(region: Region, ownerUid: string): Promise<Set<string>> {
  const hosts = new Set<string>();
  if (!ownerUid) return hosts;
  for (const agency of await agenciesOfUser(region, ownerUid)) {
    if (agency.data.deleted === true) continue;
    if (agency.data.isVerifiedSubDomain === true && typeof agency.data.VGsubDomain === 'string' && agency.data.VGsubDomain) hosts.add(agency.data.VGsubDomain.toLowerCase());
    if (agency.data.isVerifiedCustomDomain === true && typeof agency.data.customDomain === 'string' && agency.data.customDomain) hosts.add(agency.data.customDomain.toLowerCase());
  }
  return hosts;
}
