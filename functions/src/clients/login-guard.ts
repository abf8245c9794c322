// Limits on client sign-in: failed attempts per address and per e-mail (checked before each try, counted after
// a failure), and e-mailed codes per address and per e-mail.
import { RATE_RULES, enforceNotExhausted, enforceRateLimit, recordFailure } from '../limits';

const emailKey = (agencyId: string, email: string) => `${agencyId}|${email.trim().toLowerCase()}`;

export function checkLoginAllowed(ip: string, agencyId: string, email: string): void {
  enforceNotExhausted(RATE_RULES.clientLoginFailIp, ip);
  if (email) enforceNotExhausted(RATE_RULES.clientLoginFailEmail, emailKey(agencyId, email));
}

export function countLoginFailure(ip: string, agencyId: string, email: string): void {
  recordFailure(RATE_RULES.clientLoginFailIp, ip);
  if (email) recordFailure(RATE_RULES.clientLoginFailEmail, emailKey(agencyId, email));
}

export function spendCodeRequest(ip: string, agencyId: string, email: string): void {
  enforceRateLimit(RATE_RULES.clientCodeIp, ip);
  enforceRateLimit(RATE_RULES.clientCodeEmail, emailKey(agencyId, email));
}
