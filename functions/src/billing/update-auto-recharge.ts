// POST /stripe/update-autorecharge: the own plan's auto-recharge (threshold, amount, monthly limit; refused on free).
// Enabling re-arms it for the next crossing.
import { autoRechargeSavedMessage, billingApi, FREE_PLAN_ID, paths, validateOwnPlanAutoRecharge } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { forgetAutoRechargeSettings } from './auto-recharge';
import { isPaidPlan, privateBillingPath } from './billing-records';

export const updateAutoRechargeEndpoint = defineEndpoint(billingApi.updateAutoRecharge, async ({ body, headers }) => {
  const b = await workspaceForBilling(headers, body.userId, body.region, { ownerOnly: true });
  const refused = validateOwnPlanAutoRecharge({ planName: isPaidPlan(b) ? b.planId : FREE_PLAN_ID, threshold: body.threshold, amount: body.amount, monthlyLimit: body.monthlyLimit });
  if (refused) throw new HttpError(refused === billingApi.BILLING_API_MESSAGES.freePlanAutoRecharge ? 403 : 400, refused);
  const db = databaseFor(b.region);
  const batch = db.batch();
  batch.set(db.doc(paths.user(b.uid)), {
    automaticBilling: body.enabled,
    internal: { autochargeCreditThreshold: body.threshold, autochargeCreditAmount: body.amount, monthlyChargeLimit: body.monthlyLimit },
  }, { merge: true });
  if (body.enabled) batch.set(db.doc(privateBillingPath(b.uid)), { autoRecharge: { armed: true } }, { merge: true });
  await batch.commit();
  forgetAutoRechargeSettings(b.uid);
  const settings = { enabled: body.enabled, threshold: body.threshold, amount: body.amount, monthlyLimit: body.monthlyLimit };
  return { body: { success: true as const, message: autoRechargeSavedMessage(body.enabled, body.amount, body.threshold), settings } };
});
