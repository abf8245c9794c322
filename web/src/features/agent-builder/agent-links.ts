// Links shown on the Widget Settings page.
export interface AgencyDomains {
  customDomain?: string;
  isVerifiedCustomDomain?: boolean;
  VGsubDomain?: string;
  isVerifiedSubDomain?: boolean;
}

/** /app/{region}/prototype?vg_id={id}; on an agency's verified custom domain or subdomain /{region}/prototype/{id}. */
export function prototypeLink(region: string, agentId: string, agency?: AgencyDomains | null): string {
  const host = agency?.isVerifiedCustomDomain && agency.customDomain ? agency.customDomain : agency?.isVerifiedSubDomain && agency.VGsubDomain ? agency.VGsubDomain : null;
  if (host) return `https://${host}/${region}/prototype/${agentId}`;
  return `/app/${region}/prototype?vg_id=${agentId}`;
}

export const demoLink = (region: string, agentId: string) => `/app/${region}/demo/${agentId}/page1`;
