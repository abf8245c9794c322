// POST /public/clients/login-token (validateClientLoginToken): the e-mailed link's one-time token for a session.
import { clientsApi } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { RATE_RULES } from '../rate-limits';
import { agencyTarget } from './agency-target';
import { codeRefusal, sessionFromCode } from './code-session';
import { parseLinkToken } from './login-code-store';

export const validateClientLoginTokenEndpoint = defineEndpoint(clientsApi.validateClientLoginToken, async ({ body, ip, limits }) => {
  await limits.enforceNotExhausted(RATE_RULES.clientLoginFailIp, ip);
  const invalid = async () => {
    await limits.recordFailure(RATE_RULES.clientLoginFailIp, ip);
    return codeRefusal('invalid', true);
  };
  const parsed = parseLinkToken(body.token);
  if (!parsed) throw await invalid();
  const { agencyId } = await agencyTarget(body).catch(async () => {
    throw await invalid();
  });
  const outcome = await sessionFromCode(parsed.region, parsed.key, agencyId, { secret: parsed.secret });
  if (typeof outcome === 'string') throw await invalid();
  return { body: outcome.session };
});
