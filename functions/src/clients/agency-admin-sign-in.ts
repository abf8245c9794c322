// POST /public/agencies/{agencyId}/admin-sign-in: the agency owner's magic link. The agency secret (compared in
// constant time with agencies/{id}/private/secrets) signs in as the agency owner; every failure is the same
// sentence, and wrong secrets are limited per address.
import { clientsApi, paths } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { sameSecret } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { RATE_RULES } from '../limits';
import { mintCustomToken } from './custom-token';
import { findAgency } from './store';

export const agencyAdminSignInEndpoint = defineEndpoint(clientsApi.agencyAdminSignIn, async ({ params, body, ip, limits }) => {
  await limits.enforceNotExhausted(RATE_RULES.agencyAdminFailIp, ip);
  const refuse = async () => {
    await limits.recordFailure(RATE_RULES.agencyAdminFailIp, ip);
    return new HttpError(401, CLIENTS_MESSAGES.adminSignInFailed);
  };
  if (!body.secret) throw await refuse();
  const agency = await findAgency(params.agencyId, body.region);
  if (!agency || !agency.agency.userId) throw await refuse();
  const stored = (await databaseFor(agency.region).doc(paths.agencySecrets(params.agencyId)).get()).get('secret');
  if (typeof stored !== 'string' || !sameSecret(body.secret, stored)) throw await refuse();
  const uid = agency.agency.userId;
  const token = await mintCustomToken(uid, { agencyAdmin: true, agencyId: params.agencyId });
  return { body: { success: true, token, agencyId: params.agencyId, region: agency.region, uid } };
});
