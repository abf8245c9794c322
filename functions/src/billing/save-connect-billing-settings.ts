// POST /stripe/connect/billing-settings: the agency's extra USD per credit (USDPerToken) and whether it offers plans.
import { billingApi, paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { agencyConnect } from './billing-state';

export const saveConnectBillingSettingsEndpoint = defineEndpoint(billingApi.saveConnectBillingSettings, async ({ body, headers, idTokens }) => {
  const agency = await agencyConnect({ headers, idTokens }, body.workspaceId, body.region);
  await databaseFor(agency.region).doc(paths.user(agency.uid)).set({ stripeConnect: { USDPerToken: body.USDPerToken, allowPlans: body.allowPlans } }, { merge: true });
  return { body: { success: true as const, message: billingApi.BILLING_API_MESSAGES.billingSettingsSaved } };
});
