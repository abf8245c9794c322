// Clients and organisations: the agency's orgs and client users (callables), credit transfers and the audit log,
// and the clients' own sign-in on the agency's host (public endpoints), status and feedback.
import { dailyMigration } from '../adapters/migration';
import type { Endpoint } from '../http/endpoint';
import { removeLegacyClientPasswords } from './legacy-passwords';
import { agencyAdminSignInEndpoint } from './agency-admin-sign-in';
import { loginClientEndpoint } from './login-client';
import { loginClientWithCodeEndpoint } from './login-client-with-code';
import { requestClientLoginCodeEndpoint } from './request-login-code';
import { sendAgencyFeedbackEndpoint } from './send-agency-feedback';
import { ssoClientEndpoint } from './sso-client';
import { validateClientLoginTokenEndpoint } from './validate-client-login-token';

export const endpoints: Endpoint[] = [
  loginClientEndpoint,
  requestClientLoginCodeEndpoint,
  loginClientWithCodeEndpoint,
  validateClientLoginTokenEndpoint,
  ssoClientEndpoint,
  agencyAdminSignInEndpoint,
  sendAgencyFeedbackEndpoint,
];

export { listOrgs } from './list-orgs';
export { createOrg } from './create-org';
export { updateOrg } from './update-org';
export { deleteOrg } from './delete-org';
export { transferCredits } from './transfer-credits';
export { listOrgAuditLog } from './list-org-audit-log';
export { createClient } from './create-client';
export { updateClient } from './update-client';
export { deleteClient } from './delete-client';
export { resetClientPassword } from './reset-client-password';
export { setClientStatus } from './set-client-status';
// The workspace a client's feedback attachments count against (uploads).
export { clientUploadOwner } from './upload-owner';
// Told by the runtime's notify port (runtimeDeps) when a conversation starts or asks for a human.
export { notifyConversationEvent } from './notify-clients';

export { removeLegacyClientPasswords };

/** Daily, both regions: removes any legacy plain-text client password (a no-op once none is left). */
export const migrateLegacyClientPasswords = dailyMigration(removeLegacyClientPasswords);
