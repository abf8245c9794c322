// The agency of the host the page is served on: its public branding (name, logo, region, whether password sign-in
// is off) by host, and the login target the sign-in calls name.
import { useQuery } from '@tanstack/react-query';
import { agencyApi } from '@parley/core';
import { callApi } from '../../lib/api';

/** The agency id a sign-in link named (`?agencyId=`), remembered for the next visit. */
const AGENCY_ID_KEY = 'parley.clientAgencyId';

export function hostAgencyQuery(host: string) {
  return {
    queryKey: ['agency-by-host', host] as const,
    queryFn: () => callApi(agencyApi.getAgencyByHost, { query: { host } }),
    staleTime: 5 * 60_000,
    retry: false,
  };
}

export function useHostAgency() {
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return { host, branding: useQuery(hostAgencyQuery(host)) };
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
