// Limits on client sign-in, counted where every instance sees them: failed attempts per address and per agency
// and e-mail (checked before each try, counted after a failure), and e-mailed codes per address and per agency
// and e-mail. Both refusal texts of the sign-in stay ("This email doesn't exist", the wrong password): probing
// addresses one by one spends the same failure allowance as guessing passwords.
import { RATE_RULES, type RateLimits } from '../rate-limits';

/** Who is signing in: the caller's address and the composition's limits (an endpoint's context has both). */
export interface SignInCaller {
  ip: string;
  limits: RateLimits;
}

const emailKey = (agencyId: string, email: string) => `${agencyId}|${email.trim().toLowerCase()}`;

export async function checkLoginAllowed({ ip, limits }: SignInCaller, agencyId: string, email: string): Promise<void> {
  await limits.enforceNotExhausted(RATE_RULES.clientLoginFailIp, ip);
  if (email) await limits.enforceNotExhausted(RATE_RULES.clientLoginFailEmail, emailKey(agencyId, email));
}

export async function countLoginFailure({ ip, limits }: SignInCaller, agencyId: string, email: string): Promise<void> {
  await limits.recordFailure(RATE_RULES.clientLoginFailIp, ip);
  if (email) await limits.recordFailure(RATE_RULES.clientLoginFailEmail, emailKey(agencyId, email));
}

export function spendCodeRequest({ ip, limits }: SignInCaller, agencyId: string, email: string): Promise<void> {
  return limits.enforce({ rule: RATE_RULES.clientCodeIp, key: ip }, { rule: RATE_RULES.clientCodeEmail, key: emailKey(agencyId, email) });
}
