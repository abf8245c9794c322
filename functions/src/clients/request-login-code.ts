// POST /public/clients/login-code: e-mails a 6-digit code and a one-time link from the agency's sending domain.
import { clientsApi, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { agencyTarget } from './agency-target';
import { checkLoginAllowed, spendCodeRequest, type SignInCaller } from './login-guard';
import { mailLoginCode } from './mail-login-code';
import { countingFailures, resolveLogin } from './resolve-login';

export const SEND_CODE_FAILED = 'Failed to send the login code. Please try again.';

/** Issues and sends a code; the caller has passed the limits. */
export async function sendLoginCode(caller: SignInCaller, agencyId: string, email: string, region: Region | undefined): Promise<{ expiresInSeconds: number }> {
  return countingFailures(caller, agencyId, email, async () => {
    const { agency, client } = await resolveLogin(agencyId, email, region);
    try {
      return await mailLoginCode(agencyId, agency, client.client, client.region);
    } catch {
      throw new HttpError(502, SEND_CODE_FAILED);
    }
  });
}

export async function checkCodeRequest(caller: SignInCaller, agencyId: string, rawEmail: string): Promise<string> {
  const email = rawEmail.trim();
  if (!email) throw new HttpError(400, WORKSPACE_MESSAGES.clientEmailRequired);
  await checkLoginAllowed(caller, agencyId, email);
  await spendCodeRequest(caller, agencyId, email);
  return email;
}

export const requestClientLoginCodeEndpoint = defineEndpoint(clientsApi.requestClientLoginCode, async ({ body, ip, limits }) => {
  const { agencyId, region } = await agencyTarget(body);
  const email = await checkCodeRequest({ ip, limits }, agencyId, body.email);
  const { expiresInSeconds } = await sendLoginCode({ ip, limits }, agencyId, email, region);
  return { body: { success: true, message: CLIENTS_MESSAGES.codeSent, expiresInSeconds } };
});
