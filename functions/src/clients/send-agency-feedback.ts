// POST /agencies/{agencyId}/email: a signed-in client's feedback to its agency. The server writes the e-mail:
// recipient the agency's support address (else the owner's), sender the agency's verified domain, the client's
// own e-mail named in it and as the reply-to address (fixed — the body cannot choose recipients or sender), attachments as links.
import { clientsApi, paths, REGIONS, regionForDatabaseId, type Region } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { agencySender } from '../agency';
import { callerOfBearer, feedbackRefused, requireFeedbackClient, requireOwnAgency } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { RATE_RULES } from '../rate-limits';
import { sendMail } from '../adapters/mailer';
import { findAgency, readClient, readOrg } from './org-client-reads';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

export const sendAgencyFeedbackEndpoint = defineEndpoint(clientsApi.sendAgencyFeedback, async ({ params, body, headers, idTokens, limits }) => {
  const caller = requireFeedbackClient(await callerOfBearer({ headers, idTokens }));
  await limits.enforce({ rule: RATE_RULES.clientFeedback, key: caller.clientId });
  const hinted = body.bucket ? regionForDatabaseId(body.bucket) : null;
  const order: Region[] = hinted ? [hinted, ...REGIONS.filter((r) => r !== hinted)] : [...REGIONS];
  let found: { region: Region; client: NonNullable<Awaited<ReturnType<typeof readClient>>> } | null = null;
  for (const region of order) {
    const client = await readClient(databaseFor(region), caller.clientId);
    if (client) { found = { region, client }; break; }
  }
  if (!found) throw feedbackRefused();
  const db = databaseFor(found.region);
  const { org, agency } = requireOwnAgency(await readOrg(db, found.client.client.orgId), await findAgency(params.agencyId, found.region));

  const sender = await agencySender(params.agencyId, agency.region);
  if (!sender.agencyDomain) throw new HttpError(412, CLIENTS_MESSAGES.feedbackNeedsDomain);
  const ownerEmail = (await databaseFor(agency.region).doc(paths.user(agency.agency.userId)).get()).get('email');
  const to = agency.agency.supportEmail?.trim() || (typeof ownerEmail === 'string' ? ownerEmail : '');
  if (!to) throw new HttpError(412, CLIENTS_MESSAGES.feedbackNeedsDomain);

  const client = found.client.client;
  const links = body.attachmentLinks.filter((a) => /^https?:\/\//i.test(a.url))
    .map((a) => `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.filename)}</a> (${Math.round(a.sizeKB)} KB)</li>`).join('');
  const html = `<p>Feedback from ${escapeHtml(client.name || client.email)} &lt;${escapeHtml(client.email)}&gt; (organization ${escapeHtml(org.org.name)}):</p>`
    + `<p style="white-space:pre-wrap">${escapeHtml(body.message)}</p>${links ? `<p>Attachments:</p><ul>${links}</ul>` : ''}`;
  try {
    const id = await sendMail({ to: [to], from: sender.from, replyTo: client.email, subject: `${oneLine(body.subject).slice(0, 150)} — ${oneLine(client.email)}`, html });
    return { body: { success: true, message: CLIENTS_MESSAGES.feedbackSent, id } };
  } catch {
    throw new HttpError(502, CLIENTS_MESSAGES.feedbackFailed);
  }
});
