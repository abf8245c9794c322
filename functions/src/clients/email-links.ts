// Where the links in client e-mails point: the agency's own host. (Who the e-mails come from is the agency
// feature's agencySender.)
import type { StoredAgency } from './org-client-reads';

/**
 * The agency's own host for links (its verified custom domain, else its verified subdomain), with the app's
 * scheme and port (PARLEY_APP_URL: locally http://<sub>.localhost:5000); the app's URL when it has neither.
 */
export function agencyBaseUrl(agency: StoredAgency, appUrl = process.env.PARLEY_APP_URL || 'http://127.0.0.1:5000'): string {
  const host = agency.isVerifiedCustomDomain && agency.customDomain ? agency.customDomain : agency.isVerifiedSubDomain && agency.VGsubDomain ? agency.VGsubDomain : '';
  const base = new URL(appUrl);
  if (host && /^[a-z0-9.-]+$/i.test(host)) base.hostname = host.toLowerCase();
  return base.origin;
}
