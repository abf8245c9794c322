// GET /stripe/connect/get-account-id/{agencyUserId}/{region}: what an org's billing modal needs of its agency: the
// connected account, whether plans are offered and the final price per credit. Callers: the agency's members, or a
// client of one of its orgs (access's requireAgencyBillingReader).
import { billingApi, finalCreditPrice, paths } from '@parley/core';
import { requireAgencyBillingReader } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { connectOf } from './billing-state';

export const getConnectAccountIdEndpoint = defineEndpoint(billingApi.getConnectAccountId, async ({ params, headers, idTokens }) => {
  await requireAgencyBillingReader({ headers, idTokens }, params.agencyUserId, params.region);
  const db = databaseFor(params.region);
  const c = connectOf(params.agencyUserId, params.region, (await db.doc(paths.user(params.agencyUserId)).get()).data());
  return { body: { accountId: c.isConnected ? c.accountId : null, allowPlans: c.allowPlans, usdPerCredit: finalCreditPrice(c.usdPerToken), isConnected: c.isConnected } };
});
