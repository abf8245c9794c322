// POST /public/clients/sso (ssoClient): without a code, e-mails one; with a code, signs in and answers the
// client's own record — never its password or hash.
import { clientsApi } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { agencyTarget } from './agency-target';
import { loginWithCode } from './login-client-with-code';
import { clientRecord } from './records';
import { checkCodeRequest, sendLoginCode } from './request-login-code';

export const ssoClientEndpoint = defineEndpoint(clientsApi.ssoClient, async ({ body, ip, limits }) => {
  const { agencyId, region } = await agencyTarget(body);
  if (body.code === undefined || body.code === '') {
    const email = await checkCodeRequest({ ip, limits }, agencyId, body.email);
    const { expiresInSeconds } = await sendLoginCode({ ip, limits }, agencyId, email, region);
    return { body: { success: true, codeSent: true, expiresInSeconds } };
  }
  const { session, client } = await loginWithCode({ ip, limits }, agencyId, body.email, body.code, region);
  return { body: { ...session, codeSent: false, clientData: clientRecord(client) } };
});
