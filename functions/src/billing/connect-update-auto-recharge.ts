// POST /stripe/connect/update-autorecharge: the org's auto-recharge (threshold 100–5,000 step 100; $5–100 step 5;
// a monthly charge limit of $0–500, step 25, 0 = no limit, as the workspace's own auto-recharge has).
import { autoRechargeSavedMessage, billingApi, paths, validateConnectedAutoRecharge } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { orgForBilling } from './billing-state';
import { forgetOrgAutoRechargeSettings } from './org-auto-recharge';

export const connectUpdateAutoRechargeEndpoint = defineEndpoint(billingApi.connectUpdateAutoRecharge, async ({ body, headers, idTokens }) => {
  const invalid = validateConnectedAutoRecharge({ threshold: body.threshold, amount: body.amount });
  if (invalid) throw new HttpError(400, invalid);
  const org = await orgForBilling({ headers, idTokens }, body.orgId, body.region, body.workspaceStripeAccountId);
  if (body.automaticBilling && !org.org.stripeCustomerId) throw new HttpError(402, billingApi.BILLING_API_MESSAGES.paymentMethodRequired);
  await databaseFor(org.region).doc(paths.org(org.orgId)).set({
    automaticBilling: body.automaticBilling, autocharge: body.automaticBilling, autochargeAmount: body.amount, threshold: body.threshold,
    internal: { autochargeCreditAmount: body.amount, autochargeCreditThreshold: body.threshold, monthlyChargeLimit: body.monthlyLimit, autoRecharge: { armed: true } },
  }, { merge: true });
  forgetOrgAutoRechargeSettings(org.orgId);
  return { body: { success: true as const, message: autoRechargeSavedMessage(body.automaticBilling, body.amount, body.threshold) } };
});
