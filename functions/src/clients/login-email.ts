// The sign-in code e-mail: the code and a one-time link, under the agency's name. Nothing the caller typed but
// the recipient is used.
import { LOGIN_CODE } from './api';
import type { StoredAgency } from './org-client-reads';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function loginCodeEmail(agency: StoredAgency, code: string, link: string): { subject: string; html: string } {
  const name = escapeHtml((agency.name || 'Your dashboard').replace(/[\r\n]/g, ' ').slice(0, 80));
  const minutes = LOGIN_CODE.ttlSeconds / 60;
  return {
    subject: `Your ${(agency.name || 'dashboard').replace(/[\r\n]/g, ' ').slice(0, 80)} login code: ${code}`,
    html: `<p>Your login code for ${name} is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>`
      + `<p>It is valid for ${minutes} minutes and works once. Or <a href="${escapeHtml(link)}">sign in with this link</a>.</p>`
      + '<p>If you did not ask for it, you can ignore this e-mail.</p>',
  };
}
