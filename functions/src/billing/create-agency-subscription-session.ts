// createAgencySubscriptionSession (POST /stripe/connect/create-subscription): Checkout for one of the agency's plans on
// its connected account. A subscription's fee can only be a percentage: it is the share of the plan's price that
// covers the platform's part of the split (core's connectCreditSplit: the credits' base price plus 5 % of the
// markup), rounded up to Stripe's two decimals; a plan priced below base is refused. The org's plan and credits
// follow from the Connect webhook (checkout.session.completed, invoice.paid), which checks the fee again.
// Checkout returns only to the app or to the agency's verified hosts (./return-urls).
import { billingApi, connectCreditSplit, CURRENCIES } from '@parley/core';
import { agencyVerifiedHosts } from '../agency';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { orgForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';
import { appUrl, requireAllowedReturnUrls } from './return-urls';

const M = billingApi.BILLING_API_MESSAGES;

export const createAgencySubscriptionSessionEndpoint = defineEndpoint(billingApi.createAgencySubscriptionSession, async ({ body, headers, idTokens }) => {
  const org = await orgForBilling({ headers, idTokens }, body.orgId, body.region, body.workspaceStripeAccountId);
  if (!org.agency.allowPlans) throw new HttpError(403, M.sessionFailed);
  requireAllowedReturnUrls([body.successUrl, body.cancelUrl], appUrl(), await agencyVerifiedHosts(org.region, String(org.org.ownerID ?? '')));
  const stripeAccount = org.agency.accountId!;
  const stripe = stripeClient();
  try {
    const price = await stripe.prices.retrieve(body.priceId, {}, { stripeAccount });
    const credits = Number(price.metadata?.credits ?? 0);
    if (!price.active || !(credits > 0)) throw new HttpError(404, M.planNotFound);
    const currency = CURRENCIES.find((c) => c.toLowerCase() === price.currency);
    const split = currency && price.unit_amount ? connectCreditSplit(credits, price.unit_amount, currency) : null;
    if (!split) throw new HttpError(400, M.planBelowBase);
    const feePercent = Math.ceil(Math.round((split.applicationFee / split.charged) * 1e8) / 1e4) / 100;
    const customer = typeof org.org.stripeCustomerId === 'string' && org.org.stripeCustomerId ? org.org.stripeCustomerId : undefined;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription', line_items: [{ price: price.id, quantity: 1 }], success_url: body.successUrl, cancel_url: body.cancelUrl,
        ...(customer ? { customer } : body.customerEmail ? { customer_email: body.customerEmail } : {}),
        metadata: { orgId: org.orgId, region: org.region, priceId: price.id },
        subscription_data: { application_fee_percent: feePercent, metadata: { orgId: org.orgId, region: org.region, credits: String(credits) } },
      },
      { stripeAccount },
    );
    if (!session.url) throw new HttpError(502, M.sessionFailed);
    return { body: { sessionUrl: session.url } };
  } catch (error) {
    throw stripeFailure(error, M.sessionFailed);
  }
});
