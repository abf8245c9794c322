// Links shown on the Widget Settings page.
import { routes, type Region } from '@parley/core';

export interface AgencyDomains {
  customDomain?: string;
  isVerifiedCustomDomain?: boolean;
  VGsubDomain?: string;
  isVerifiedSubDomain?: boolean;
}

/** The prototype page; on the owner's agency's verified custom domain or subdomain, there in its short form. */
export function prototypeLink(region: Region, agentId: string, agency?: AgencyDomains | null): string {
  const host = agency?.isVerifiedCustomDomain && agency.customDomain ? agency.customDomain : agency?.isVerifiedSubDomain && agency.VGsubDomain ? agency.VGsubDomain : null;
  return host ? `https://${host}${routes.prototype(region, agentId, true)}` : routes.prototype(region, agentId);
}
