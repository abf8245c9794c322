// POST /public/clients/login-code/verify: the e-mailed code for a session (once, within 10 minutes). The pending
// code is found by agency and e-mail (no query), in the agency's region first.
import { clientsApi, REGIONS, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { CLIENTS_MESSAGES } from './api';
import { agencyTarget } from './agency-target';
import { codeRefusal, sessionFromCode, type CodeLogin } from './code-session';
import { codeKey } from './login-code-store';
import { checkLoginAllowed, type SignInCaller } from './login-guard';
import { countingFailures } from './resolve-login';
import { normalizeEmail } from './org-client-reads';

export async function loginWithCode(caller: SignInCaller, agencyId: string, rawEmail: string, code: string, regionHint: Region | undefined): Promise<CodeLogin> {
  const email = normalizeEmail(rawEmail);
  if (!email) throw new HttpError(400, WORKSPACE_MESSAGES.clientEmailRequired);
  await checkLoginAllowed(caller, agencyId, email);
  return countingFailures(caller, agencyId, email, async () => {
    if (!/^\d{6}$/.test(code)) throw new HttpError(401, CLIENTS_MESSAGES.codeInvalid);
    const key = codeKey(agencyId, email);
    const order: Region[] = regionHint ? [regionHint, ...REGIONS.filter((r) => r !== regionHint)] : ['na', 'eu'];
    for (const region of order) {
      const outcome = await sessionFromCode(region, key, agencyId, { code }, email);
      if (outcome === 'missing') continue;
      if (typeof outcome === 'string') throw codeRefusal(outcome, false);
      return outcome;
    }
    throw codeRefusal('invalid', false);
  });
}

export const loginClientWithCodeEndpoint = defineEndpoint(clientsApi.loginClientWithCode, async ({ body, ip, limits }) => {
  const { agencyId, region } = await agencyTarget(body);
  const { session } = await loginWithCode({ ip, limits }, agencyId, body.email, body.code, region);
  return { body: session };
});
