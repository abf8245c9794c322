// POST /api/mail/send-dns-instructions: the owner e-mails its DNS records (the e-mail domain's, or the custom
// domain's) to itself, to forward to whoever runs its DNS. The recipient is the owner's own verified address (its
// workspace's e-mail, or the verified e-mail of its token): the platform never mails an address the caller merely
// typed. The server writes the e-mail from the stored records (never HTML from the request), sends it under the
// agency's name, and limits how often an agency may send.
import { agencyApi } from '@parley/core';
import { callerOfBearer, type Caller } from '../access';
import { databaseFor } from '../adapters/firestore';
import { ownerVerifiedEmail } from './dns-reminders';
import { defineEndpoint, HttpError } from '../http/endpoint';
import type { RateRule } from '../rate-limits';
import { sendMail } from '../adapters/mailer';
import { storedRecords } from './email-domain-store';
import { dnsRecordsOf, hostingClient } from './hosting-client';
import { escapeHtml } from './html';
import { senderOf } from './email-sender';
import { requireOwnedAgency, type FoundAgency } from './agency-reads';

export const DNS_INSTRUCTIONS_RULE: RateRule = { name: 'dns-instructions-agency', limit: 5, windowMs: 60_000 };
const M = agencyApi.AGENCY_API_MESSAGES;

type Row = { type: string; name: string; value: string; priority?: number | string };

async function recordsFor(agency: FoundAgency, kind: 'email' | 'domain'): Promise<{ domain: string; rows: Row[] }> {
  if (kind === 'email') return { domain: String(agency.data.resendEmailDomain ?? ''), rows: storedRecords(agency) };
  const domain = String(agency.data.customDomain ?? '');
  return { domain, rows: domain ? dnsRecordsOf(await hostingClient.get(domain).catch(() => null)) : [] };
}

export function dnsInstructionsHtml(agencyName: string, domain: string, rows: readonly Row[]): string {
  const cells = rows
    .map((r) => `<tr><td>${escapeHtml(r.type)}</td><td>${escapeHtml(r.name)}</td><td>${escapeHtml(r.value)}</td><td>${escapeHtml(String(r.priority ?? ''))}</td></tr>`)
    .join('');
  return `<p>${agencyName ? `${escapeHtml(agencyName)} asks you to add` : 'Please add'} these DNS records for <strong>${escapeHtml(domain)}</strong> at your DNS provider:</p>
<table border="1" cellpadding="6" cellspacing="0"><thead><tr><th>Type</th><th>Name</th><th>Value</th><th>Priority</th></tr></thead><tbody>${cells}</tbody></table>`;
}

/** The addresses the owner proved are its own: its workspace's e-mail and its token's verified e-mail. */
async function ownAddresses(agency: FoundAgency, caller: Caller): Promise<Set<string>> {
  const own = new Set([await ownerVerifiedEmail(databaseFor(agency.region), agency.data)]);
  if (caller.kind === 'user' && caller.emailVerified && caller.email) own.add(caller.email.trim().toLowerCase());
  own.delete('');
  return own;
}

export const sendDnsInstructionsEndpoint = defineEndpoint(agencyApi.sendDnsInstructions, async ({ headers, body, limits }) => {
  const caller = await callerOfBearer(headers);
  const agency = await requireOwnedAgency(caller, body.region, body.agencyId);
  if (!(await ownAddresses(agency, caller)).has(body.to)) throw new HttpError(400, M.dnsEmailOwnAddressOnly);
  const { domain, rows } = await recordsFor(agency, body.kind);
  if (!domain || rows.length === 0) throw new HttpError(400, body.kind === 'email' ? M.emailDomainNotSet : 'No custom domain is set up for this agency.');
  await limits.enforce({ rule: DNS_INSTRUCTIONS_RULE, key: agency.id });
  const sender = senderOf(agency);
  try {
    await sendMail({ to: [body.to], from: sender.from, subject: `DNS records for ${domain}`, html: dnsInstructionsHtml(sender.name, domain, rows) });
  } catch {
    throw new HttpError(502, M.dnsEmailFailed);
  }
  return { body: { success: true as const, message: M.dnsEmailSent } };
});
