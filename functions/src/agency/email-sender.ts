// Who e-mails an agency's clients: once the agency's sending domain is verified, "<Agency name>
// <noreply@its-domain>"; before that the platform's address, still under the agency's name when it has one, so
// a client never reads the platform's name. Used for the clients' login codes, notifications and feedback.
import { type Region } from '@parley/core';
import { DEFAULT_FROM, RESEND_FROM } from '../adapters/mailer';
import { paramValue } from '../adapters/params';
import { findAgencyAnywhere } from './agency-reads';
import type { FoundAgency } from '../access';

export interface AgencySender {
  /** The From header: `Name <address>`. */
  from: string;
  name: string;
  address: string;
  /** The address is on the agency's own verified domain. */
  agencyDomain: boolean;
}

function platformFrom(): { name: string; address: string } {
  const from = paramValue(RESEND_FROM);
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from || DEFAULT_FROM);
  return match ? { name: match[1] ?? '', address: match[2]! } : { name: '', address: (from || DEFAULT_FROM).trim() };
}

/** A display name that cannot break the From header. */
const displayName = (name: string): string => name.replace(/[<>"\\\r\n]/g, '').trim().slice(0, 80);

export function senderOf(agency: FoundAgency | null): AgencySender {
  const platform = platformFrom();
  const name = displayName(typeof agency?.data.name === 'string' ? agency.data.name : '') || platform.name;
  const domain = typeof agency?.data.resendEmailDomain === 'string' ? agency.data.resendEmailDomain : '';
  const verified = !!domain && agency?.data.resendEmailDomainStatus === 'verified';
  const address = verified ? `noreply@${domain}` : platform.address;
  return { from: name ? `${name} <${address}>` : address, name, address, agencyDomain: verified };
}

/** The sender for e-mails to an agency's clients (the platform default when the agency is unknown). */
export async function agencySender(agencyId: string, region?: Region): Promise<AgencySender> {
  return senderOf(agencyId ? await findAgencyAnywhere(agencyId, region) : null);
}
