// POST /stripe/top-up-usd: the customer's USD balance (spent by invoices first), at least 5 in the workspace's
// currency, never on the free plan. The balance is credited once the payment succeeded (payments.ts).
import { billingApi, validateTopUp } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { chargeWorkspace } from './payments';
import { defaultPaymentMethod, paymentAnswer, stripeFailure } from './stripe-helpers';
import { isPaidPlan, taxOf } from './billing-records';

const M = billingApi.BILLING_API_MESSAGES;

export const topUpUsdEndpoint = defineEndpoint(billingApi.topUpUsd, async ({ body, headers }) => {
  const b = await workspaceForBilling(headers, body.userId, body.region, { ownerOnly: true });
  const tax = taxOf(b);
  const refused = validateTopUp({ amount: body.amount, currency: tax.currency, isFreePlan: !isPaidPlan(b) });
  if (refused) throw new HttpError(refused === M.topUpFreePlan ? 403 : 400, refused);
  const pm = b.customerId ? await defaultPaymentMethod(b.customerId).catch(() => null) : null;
  if (!pm) throw new HttpError(402, M.paymentMethodRequired);
  try {
    const pi = await chargeWorkspace(databaseFor(b.region), b, {
      usd: body.amount / tax.exchangeRate, purpose: 'topup', paymentMethod: pm.id, offSession: false,
      idempotencyKey: `topup-${b.uid}-${body.requestId ?? `${body.amount}-${Math.floor(Date.now() / 60_000)}`}`,
    });
    if (pi.status !== 'succeeded' && pi.status !== 'requires_action') throw new HttpError(402, M.paymentFailedStatus(pi.status));
    return { body: paymentAnswer(pi) };
  } catch (error) {
    throw stripeFailure(error, M.topUpFailed);
  }
});
