// The agency of the host the page is served on: its public branding (name, logo, region, whether password sign-in
// is off; looked up once by the boot script before the first paint) and the login target the sign-in calls name.
import { agencyHostKey, useAgencyBranding } from '../../lib/agency-host';

/** The agency id a sign-in link named (`?agencyId=`), remembered for the next visit. */
const AGENCY_ID_KEY = 'parley.clientAgencyId';

export function useHostAgency() {
  const host = typeof window === 'undefined' ? '' : agencyHostKey(window.location.host);
  return { host, branding: useAgencyBranding() };
}

export function knownAgencyId(search: URLSearchParams): string {
  const fromUrl = search.get('agencyId') ?? '';
  if (fromUrl) {
    localStorage.setItem(AGENCY_ID_KEY, fromUrl);
    return fromUrl;
  }
  return localStorage.getItem(AGENCY_ID_KEY) ?? '';
}

export function rememberAgencyId(agencyId: string): void {
  if (agencyId) localStorage.setItem(AGENCY_ID_KEY, agencyId);
}
