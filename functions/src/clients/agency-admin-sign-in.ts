// POST /public/agencies/{agencyId}/admin-sign-in: the agency owner's magic link. The agency secret arrives in the
// body (the link carries it in its URL fragment, which never reaches a server), is compared in constant time with
// agencies/{id}/private/secrets, and signs in an agency-admin session: a uid of the agency's own for the current
// generation (never the owner's), role 'agencyAdmin', scoped to the agency's client dashboards. Every failure is
// the same sentence, and wrong secrets are limited per address.
import { clientsApi, paths } from '@parley/core';
import { CLIENTS_MESSAGES } from './api';
import { sameSecret } from '../access';
import { databaseFor } from '../adapters/firestore';
import { AGENCY_ADMIN_ROLE, agencyAdminUid } from '../agency';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { RATE_RULES } from '../rate-limits';
import { mintCustomToken } from './custom-token';
import { findAgency } from './org-client-reads';

export const agencyAdminSignInEndpoint = defineEndpoint(clientsApi.agencyAdminSignIn, async ({ params, body, ip, limits }) => {
  await limits.enforceNotExhausted(RATE_RULES.agencyAdminFailIp, ip);
  const refuse = async () => {
    await limits.recordFailure(RATE_RULES.agencyAdminFailIp, ip);
    return new HttpError(401, CLIENTS_MESSAGES.adminSignInFailed);
  };
  if (!body.secret) throw await refuse();
  const agency = await findAgency(params.agencyId, body.region);
  if (!agency || !agency.agency.userId) throw await refuse();
  const secrets = (await databaseFor(agency.region).doc(paths.agencySecrets(params.agencyId)).get()).data() ?? {};
  if (typeof secrets.secret !== 'string' || !sameSecret(body.secret, secrets.secret)) throw await refuse();
  const generation = typeof secrets.adminGeneration === 'number' ? secrets.adminGeneration : 0;
  const uid = agencyAdminUid(params.agencyId, generation);
  const token = await mintCustomToken(uid, { role: AGENCY_ADMIN_ROLE, agencyId: params.agencyId, agencyRegion: agency.region });
  return { body: { success: true, token, agencyId: params.agencyId, region: agency.region, uid } };
});
