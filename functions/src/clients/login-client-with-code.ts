// POST /public/clients/login-code/verify: the e-mailed code for a session (once, within 10 minutes).
import { clientsApi, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { CLIENTS_MESSAGES, type ClientSession } from './api';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { consumeLoginCode } from './login-code-store';
import { agencyTarget } from './agency-target';
import { checkLoginAllowed } from './login-guard';
import { countingFailures, resolveLogin, type ResolvedLogin } from './resolve-login';
import { startClientSession } from './session';

export async function loginWithCode(ip: string, agencyId: string, rawEmail: string, code: string, region: Region | undefined): Promise<{ session: ClientSession; resolved: ResolvedLogin }> {
  const email = rawEmail.trim();
  if (!email) throw new HttpError(400, WORKSPACE_MESSAGES.clientEmailRequired);
  checkLoginAllowed(ip, agencyId, email);
  return countingFailures(ip, agencyId, email, async () => {
    if (!/^\d{6}$/.test(code)) throw new HttpError(401, CLIENTS_MESSAGES.codeInvalid);
    const resolved = await resolveLogin(agencyId, email, region);
    const { client } = resolved;
    const check = await consumeLoginCode(databaseFor(client.region), client.client.ID, agencyId, { code });
    if (check === 'expired') throw new HttpError(401, CLIENTS_MESSAGES.codeExpired);
    if (check !== 'ok') throw new HttpError(401, CLIENTS_MESSAGES.codeInvalid);
    const session = await startClientSession({ region: client.region, agencyId, client: client.client, org: client.org });
    return { session, resolved };
  });
}

export const loginClientWithCodeEndpoint = defineEndpoint(clientsApi.loginClientWithCode, async ({ body, ip }) => {
  const { agencyId, region } = await agencyTarget(body);
  const { session } = await loginWithCode(ip, agencyId, body.email, body.code, region);
  return { body: session };
});
