// POST /stripe/purchase-credits: credits at the server's per-credit price on the saved card, in the customer's
// currency with its tax. They arrive once Stripe says the payment succeeded (at once, or after 3-D Secure through
// the payment_intent.succeeded webhook), exactly once.
import { billingApi, creditPurchasePrice, DEFAULT_PRICE_PER_CREDIT_USD } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { chargeSummary, chargeWorkspace } from './payments';
import { defaultPaymentMethod, paymentAnswer, stripeFailure } from './stripe-helpers';

const M = billingApi.BILLING_API_MESSAGES;

export const purchaseCreditsEndpoint = defineEndpoint(billingApi.purchaseCredits, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region, { ownerOnly: true });
  const pm = b.customerId ? await defaultPaymentMethod(b.customerId).catch(() => null) : null;
  if (!pm) throw new HttpError(402, M.paymentMethodRequired);
  const usd = creditPurchasePrice(body.credits, DEFAULT_PRICE_PER_CREDIT_USD);
  try {
    const pi = await chargeWorkspace(databaseFor(b.region), b, {
      usd, purpose: 'credits', credits: body.credits, paymentMethod: pm.id, offSession: false,
      idempotencyKey: `credits-${b.uid}-${body.requestId ?? `${body.credits}-${Math.floor(Date.now() / 60_000)}`}`,
    });
    if (pi.status !== 'succeeded' && pi.status !== 'requires_action') throw new HttpError(402, M.paymentFailedStatus(pi.status));
    return { body: { ...paymentAnswer(pi), credits: body.credits, charge: chargeSummary(b, usd) } };
  } catch (error) {
    throw stripeFailure(error, M.creditsFailed);
  }
});
