// POST /public/clients/login: e-mail and password on the agency's host.
import { clientsApi, paths, WORKSPACE_MESSAGES } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { agencyTarget } from './agency-target';
import { checkLoginAllowed } from './login-guard';
import { verifyPassword } from './password';
import { countingFailures, resolveLogin } from './resolve-login';
import { startClientSession } from './session';

export const loginClientEndpoint = defineEndpoint(clientsApi.loginClient, async ({ body, ip, limits }) => {
  const email = body.email.trim();
  if (!email || !body.password) throw new HttpError(400, WORKSPACE_MESSAGES.clientLoginRequired);
  const { agencyId, region } = await agencyTarget(body);
  await checkLoginAllowed({ ip, limits }, agencyId, email);
  const session = await countingFailures({ ip, limits }, agencyId, email, async () => {
    const { agency, client } = await resolveLogin(agencyId, email, region);
    if (agency.agency.settings.disablePasswordLogin) throw new HttpError(403, CLIENTS_MESSAGES.passwordLoginDisabled);
    const credentials = await databaseFor(client.region).doc(paths.clientCredentials(client.client.ID)).get();
    if (!(await verifyPassword(body.password, credentials.get('dashboardPasswordHash') as string | undefined))) {
      throw new HttpError(401, CLIENTS_MESSAGES.wrongPassword);
    }
    return startClientSession({ region: client.region, agencyId, client: client.client, org: client.org });
  });
  return { body: session };
});
