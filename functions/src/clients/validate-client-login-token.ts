// POST /public/clients/login-token (validateClientLoginToken): the e-mailed link's one-time token for a session.
import { clientsApi } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { enforceNotExhausted, RATE_RULES, recordFailure } from '../limits';
import { agencyTarget } from './agency-target';
import { consumeLoginCode, parseLinkToken } from './login-code-store';
import { startClientSession } from './session';
import { findAgency, readClient, readOrg } from './store';

export const validateClientLoginTokenEndpoint = defineEndpoint(clientsApi.validateClientLoginToken, async ({ body, ip }) => {
  enforceNotExhausted(RATE_RULES.clientLoginFailIp, ip);
  const invalid = () => {
    recordFailure(RATE_RULES.clientLoginFailIp, ip);
    return new HttpError(401, CLIENTS_MESSAGES.linkInvalid);
  };
  const parsed = parseLinkToken(body.token);
  if (!parsed) throw invalid();
  const { agencyId } = await agencyTarget(body).catch(() => {
    throw invalid();
  });
  const db = databaseFor(parsed.region);
  const check = await consumeLoginCode(db, parsed.clientId, agencyId, { secret: parsed.secret });
  if (check !== 'ok') throw invalid();
  const client = await readClient(db, parsed.clientId);
  const org = client ? await readOrg(db, client.client.orgId) : null;
  const agency = await findAgency(agencyId, parsed.region);
  if (!client || !org || !agency || org.org.ownerID !== agency.agency.userId) throw invalid();
  return { body: await startClientSession({ region: parsed.region, agencyId: agencyId, client: client.client, org: org.org }) };
});
