// POST /public/clients/login-code: e-mails a 6-digit code and a one-time link from the agency's sending domain.
import { clientsApi, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { agencyTarget } from './agency-target';
import { checkLoginAllowed, spendCodeRequest } from './login-guard';
import { mailLoginCode } from './mail-login-code';
import { countingFailures, resolveLogin } from './resolve-login';

export const SEND_CODE_FAILED = 'Failed to send the login code. Please try again.';

/** Issues and sends a code; the caller has passed the limits. */
export async function sendLoginCode(ip: string, agencyId: string, email: string, region: Region | undefined): Promise<{ expiresInSeconds: number }> {
  return countingFailures(ip, agencyId, email, async () => {
    const { agency, client } = await resolveLogin(agencyId, email, region);
    try {
      return await mailLoginCode(agencyId, agency, client.client, client.region);
    } catch {
      throw new HttpError(502, SEND_CODE_FAILED);
    }
  });
}

export function checkCodeRequest(ip: string, agencyId: string, rawEmail: string): string {
  const email = rawEmail.trim();
  if (!email) throw new HttpError(400, WORKSPACE_MESSAGES.clientEmailRequired);
  checkLoginAllowed(ip, agencyId, email);
  spendCodeRequest(ip, agencyId, email);
  return email;
}

export const requestClientLoginCodeEndpoint = defineEndpoint(clientsApi.requestClientLoginCode, async ({ body, ip }) => {
  const { agencyId, region } = await agencyTarget(body);
  const email = checkCodeRequest(ip, agencyId, body.email);
  const { expiresInSeconds } = await sendLoginCode(ip, agencyId, email, region);
  return { body: { success: true, message: CLIENTS_MESSAGES.codeSent, expiresInSeconds } };
});
