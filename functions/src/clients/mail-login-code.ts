// E-mails a client a fresh sign-in code and one-time link to its own address, from its agency's sender, with links
// to the agency's own host. The only way a code reaches anyone: the address is the client's record's, never one a
// caller typed.
import type { Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { agencySender } from '../agency';
import { sendMail } from '../adapters/mailer';
import { loginCodeEmail } from './login-email';
import { issueLoginCode } from './login-code-store';
import { agencyBaseUrl } from './email-links';
import type { AgencyHandle, StoredClient } from './org-client-reads';

/** Issues a code for the client (replacing a pending one) and sends it; mail failures are thrown to the caller. */
export async function mailLoginCode(agencyId: string, agency: AgencyHandle, client: StoredClient, clientRegion: Region): Promise<{ expiresInSeconds: number }> {
  const issued = await issueLoginCode(databaseFor(clientRegion), clientRegion, {
    agencyId, ownerUid: agency.agency.userId, clientId: client.ID, orgId: client.orgId, email: client.email, widgetIDs: client.widgetIDs,
  });
  const link = `${agencyBaseUrl(agency.agency)}/?token=${encodeURIComponent(issued.token)}`;
  const sender = await agencySender(agencyId, agency.region);
  await sendMail({ to: [client.email], ...loginCodeEmail(agency.agency, issued.code, link), from: sender.from });
  return { expiresInSeconds: issued.expiresInSeconds };
}
