// The agency owner's admin magic link: the agency host's root with the agency, its region and the agency secret in
// the URL fragment (`#agencyId=…&adminSecret=…&region=…`). A fragment never leaves the browser (no request line,
// no server log, no Referer): the login page reads it and POSTs the secret to the admin sign-in.
import { isRegion, type Region } from '@parley/core';

export interface AdminLink {
  agencyId: string;
  secret: string;
  region?: Region | undefined;
}

export function adminMagicLink(origin: string, agencyId: string, secret: string, region: Region): string {
  return `${origin}/#${new URLSearchParams({ agencyId, adminSecret: secret, region }).toString()}`;
}

/** The admin link a location's fragment carries, or null. */
export function readAdminLink(hash: string): AdminLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const secret = params.get('adminSecret') ?? '';
  const agencyId = params.get('agencyId') ?? '';
  if (!secret || !agencyId) return null;
  const region = params.get('region');
  return { agencyId, secret, region: isRegion(region) ? region : undefined };
}
