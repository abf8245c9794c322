// POST /public/clients/sso (ssoClient): without a code, e-mails one; with a code, signs in and answers the
// client's own record — never its password or hash.
import { clientsApi } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { loginWithCode } from './login-client-with-code';
import { clientRecord } from './records';
import { checkCodeRequest, sendLoginCode } from './request-login-code';

export const ssoClientEndpoint = defineEndpoint(clientsApi.ssoClient, async ({ body, ip }) => {
  if (body.code === undefined || body.code === '') {
    const email = checkCodeRequest(ip, body.agencyId, body.email);
    const { expiresInSeconds } = await sendLoginCode(ip, body.agencyId, email, body.region);
    return { body: { success: true, codeSent: true, expiresInSeconds } };
  }
  const { session, resolved } = await loginWithCode(ip, body.agencyId, body.email, body.code, body.region);
  return { body: { ...session, codeSent: false, clientData: clientRecord({ ...resolved.client.client, status: 'online' }) } };
});
