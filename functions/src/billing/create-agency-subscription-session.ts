// createAgencySubscriptionSession (POST /stripe/connect/create-subscription): Checkout for one of the agency's plans on
// its connected account, with the platform's 5 % application fee; the org's plan and credits follow from the
// Connect webhook (checkout.session.completed, invoice.paid). Checkout returns only to the app or to the agency's
// verified hosts (./return-urls).
import { billingApi, PAYMENT_CONNECT_PLATFORM_FEE_PERCENT } from '@parley/core';
import { agencyVerifiedHosts } from '../agency';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { orgForBilling } from './access';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';
import { appUrl, requireAllowedReturnUrls } from './return-urls';

const M = billingApi.BILLING_API_MESSAGES;

export const createAgencySubscriptionSessionEndpoint = defineEndpoint(billingApi.createAgencySubscriptionSession, async ({ body, headers }) => {
  const org = await orgForBilling(headers, body.orgId, body.region, body.workspaceStripeAccountId);
  if (!org.agency.allowPlans) throw new HttpError(403, M.sessionFailed);
  requireAllowedReturnUrls([body.successUrl, body.cancelUrl], appUrl(), await agencyVerifiedHosts(org.region, String(org.org.ownerID ?? '')));
  const stripeAccount = org.agency.accountId!;
  const stripe = stripeClient();
  try {
    const price = await stripe.prices.retrieve(body.priceId, {}, { stripeAccount });
    const credits = Number(price.metadata?.credits ?? 0);
    if (!price.active || !(credits > 0)) throw new HttpError(404, M.planNotFound);
    const customer = typeof org.org.stripeCustomerId === 'string' && org.org.stripeCustomerId ? org.org.stripeCustomerId : undefined;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription', line_items: [{ price: price.id, quantity: 1 }], success_url: body.successUrl, cancel_url: body.cancelUrl,
        ...(customer ? { customer } : body.customerEmail ? { customer_email: body.customerEmail } : {}),
        metadata: { orgId: org.orgId, region: org.region, priceId: price.id },
        subscription_data: { application_fee_percent: PAYMENT_CONNECT_PLATFORM_FEE_PERCENT, metadata: { orgId: org.orgId, region: org.region, credits: String(credits) } },
      },
      { stripeAccount },
    );
    if (!session.url) throw new HttpError(502, M.sessionFailed);
    return { body: { sessionUrl: session.url } };
  } catch (error) {
    throw stripeFailure(error, M.sessionFailed);
  }
});
