// POST /stripe/connect/pre-paid: the org buys the credits it chose on its agency's account. USD = credits × (base
// cost + the agency's USDPerToken) to the cent (core's connectCreditCharge, the same the page shows); the platform's
// application fee is the credits' base price plus 5 % of the agency's markup (core's connectCreditSplit), so no
// credit leaves the platform below its base price; exactly those credits are added to the org once Stripe says paid.
import { billingApi, connectCreditCharge, connectCreditSplit, validateCreditPurchase } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { orgForBilling } from './billing-state';
import { grantOrgCredits } from './effects';
import { stripeClient } from './env';
import { applyOnce } from './once';
import { paymentKey } from './payments';
import { defaultPaymentMethod, paymentAnswer, stripeFailure } from './stripe-helpers';

const M = billingApi.BILLING_API_MESSAGES;

export const connectPrePaidEndpoint = defineEndpoint(billingApi.connectPrePaid, async ({ body, headers, idTokens }) => {
  const org = await orgForBilling({ headers, idTokens }, body.orgId, body.region);
  const outOfRange = validateCreditPurchase(body.creditAmount, true);
  if (outOfRange) throw new HttpError(400, outOfRange);
  const stripeAccount = org.agency.accountId!;
  const customerId = typeof org.org.stripeCustomerId === 'string' ? org.org.stripeCustomerId : null;
  const pm = customerId ? await defaultPaymentMethod(customerId, stripeAccount).catch(() => null) : null;
  if (!customerId || !pm) throw new HttpError(402, M.paymentMethodRequired);
  const credits = body.creditAmount;
  const split = connectCreditSplit(credits, connectCreditCharge(credits, org.agency.usdPerToken));
  if (!split) throw new HttpError(400, M.priceBelowBase);
  const amount = split.charged;
  try {
    const pi = await stripeClient().paymentIntents.create(
      {
        amount, currency: 'usd', customer: customerId, payment_method: pm.id, confirm: true,
        application_fee_amount: split.applicationFee,
        description: `${credits} credits`,
        metadata: { parleyPurpose: 'org-credits', orgId: org.orgId, region: org.region, credits: String(credits) },
      },
      { stripeAccount, idempotencyKey: `org-credits-${org.orgId}-${body.requestId ?? `${amount}-${Math.floor(Date.now() / 60_000)}`}` },
    );
    if (pi.status === 'succeeded') await applyOnce(databaseFor(org.region), [paymentKey(pi.id)], grantOrgCredits(databaseFor(org.region), org.orgId, credits), { credits });
    else if (pi.status !== 'requires_action') throw new HttpError(402, M.paymentFailedStatus(pi.status));
    return { body: { ...paymentAnswer(pi), credits } };
  } catch (error) {
    throw stripeFailure(error, M.creditsFailed);
  }
});
