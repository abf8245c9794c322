// postChangeAutoBilling: the own plan's auto-recharge on or off at a threshold; the amount and monthly limit stay as
// saved (defaults 5 and 100). Refused on the free plan when turning it on.
import { autoRechargeSavedMessage, billingApi, FREE_PLAN_ID, paths, validateOwnPlanAutoRecharge } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { forgetAutoRechargeSettings } from './auto-recharge';
import { isPaidPlan, privateBillingPath } from './billing-records';

export const postChangeAutoBillingEndpoint = defineEndpoint(billingApi.postChangeAutoBilling, async ({ body, headers }) => {
  const b = await workspaceForBilling(headers, body.uid, body.region, { ownerOnly: true });
  if (body.autoBilling) {
    const refused = validateOwnPlanAutoRecharge({ planName: isPaidPlan(b) ? b.planId : FREE_PLAN_ID, threshold: body.threshold, amount: b.autoRecharge.amount, monthlyLimit: b.autoRecharge.monthlyLimit });
    if (refused) throw new HttpError(refused === billingApi.BILLING_API_MESSAGES.freePlanAutoRecharge ? 403 : 400, refused);
  }
  const db = databaseFor(b.region);
  const batch = db.batch();
  batch.set(db.doc(paths.user(b.uid)), { automaticBilling: body.autoBilling, internal: { autochargeCreditThreshold: body.threshold } }, { merge: true });
  if (body.autoBilling) batch.set(db.doc(privateBillingPath(b.uid)), { autoRecharge: { armed: true } }, { merge: true });
  await batch.commit();
  forgetAutoRechargeSettings(b.uid);
  return { body: { success: true as const, message: autoRechargeSavedMessage(body.autoBilling, b.autoRecharge.amount, body.threshold) } };
});
