// Agency white-label feature: settings, secret, domains (Hosting custom domains + the registry), the e-mail
// sending domain, the font check, the white-label trial and gate, the public branding of agency hosts, and
// the sender other features use for e-mails to an agency's clients.
import { onSchedule } from 'firebase-functions/scheduler';
import { dailyMigration } from '../adapters/migration';
import type { Endpoint } from '../http/endpoint';
import { agencyByHostEndpoint } from './agency-by-host';
import { addEmailDomainEndpoint } from './add-email-domain';
import { cancelDomainEndpoint } from './cancel-domain';
import { claimDomainEndpoint } from './claim-domain';
import { deleteEmailDomainEndpoint } from './delete-email-domain';
import { sendDueDnsReminders } from './dns-reminders';
import { domainProxyEndpoint } from './domain-proxy';
import { getEmailDomainEndpoint, verifyEmailDomainEndpoint } from './email-domain-status';
import { removeLegacyAgencySecrets } from './legacy-secret';
import { sendDnsInstructionsEndpoint } from './send-dns-instructions';
import { verifyDomainEndpoint } from './verify-domain';
import { RESEND_API_KEY } from '../adapters/mailer';

export const endpoints: Endpoint[] = [
  agencyByHostEndpoint,
  domainProxyEndpoint,
  claimDomainEndpoint,
  verifyDomainEndpoint,
  cancelDomainEndpoint,
  addEmailDomainEndpoint,
  verifyEmailDomainEndpoint,
  getEmailDomainEndpoint,
  deleteEmailDomainEndpoint,
  sendDnsInstructionsEndpoint,
];

export { initAgency } from './init-agency';
export { getAgency } from './get-agency';
export { agencySecret, readAgencySecret } from './agency-secret';
export { AGENCY_ADMIN_ROLE, agencyAdminOwner, agencyAdminUid } from './admin-sessions';
export { saveAgencySettings } from './save-agency-settings';
export { checkAgencyFont } from './check-agency-font';
export { activateWhitelabelTrial, getAgencyAccess } from './whitelabel-trial';
export { cleanupDuplicateAgencies, cleanupDuplicateAgenciesOf } from './cleanup-duplicate-agencies';
export { agencySender, senderOf, type AgencySender } from './email-sender';
export { resolveAgencyByHost, normalizeHost, type ResolvedHost } from './hosts';
export { agencyPoweredBy } from './powered-by';
export { agencyVerifiedHosts } from './return-hosts';

/** Hourly: the one reminder e-mail for custom domains still unverified a day after they were submitted. */
export const agencyDnsReminders = onSchedule({ schedule: 'every 60 minutes', secrets: [RESEND_API_KEY] }, async () => {
  await sendDueDnsReminders();
});

export { removeLegacyAgencySecrets };

/** Daily, both regions: removes the legacy secret field from agency documents (a no-op once none is left). */
export const migrateLegacyAgencySecrets = dailyMigration(removeLegacyAgencySecrets);
