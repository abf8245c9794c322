// GET /stripe/connect/get-account-id/{agencyUserId}/{region}: what an org's billing modal needs of its agency: the
// connected account, whether plans are offered and the final price per credit. Callers: the agency's members, or a
// client of one of its orgs.
import { billingApi, finalCreditPrice, paths } from '@parley/core';
import { callerOfBearer, requireWorkspaceAccess } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { connectOf } from './billing-state';

export const getConnectAccountIdEndpoint = defineEndpoint(billingApi.getConnectAccountId, async ({ params, headers, idTokens }) => {
  const caller = await callerOfBearer({ headers, idTokens });
  const db = databaseFor(params.region);
  if (caller.kind === 'client') {
    const client = (await db.doc(paths.client(caller.clientId)).get()).data();
    const org = client?.orgId ? (await db.doc(paths.org(String(client.orgId))).get()).data() : undefined;
    if (!org || org.ownerID !== params.agencyUserId) throw new HttpError(403, billingApi.BILLING_API_MESSAGES.notOrgMember);
  } else {
    await requireWorkspaceAccess(caller, params.region, params.agencyUserId);
  }
  const c = connectOf(params.agencyUserId, params.region, (await db.doc(paths.user(params.agencyUserId)).get()).data());
  return { body: { accountId: c.isConnected ? c.accountId : null, allowPlans: c.allowPlans, usdPerCredit: finalCreditPrice(c.usdPerToken), isConnected: c.isConnected } };
});
