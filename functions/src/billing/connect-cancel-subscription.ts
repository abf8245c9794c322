// POST /stripe/connect/cancel-subscription: the org's plan ends at period end (only the org's own subscription).
import { billingApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { orgForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

const M = billingApi.BILLING_API_MESSAGES;

export const connectCancelSubscriptionEndpoint = defineEndpoint(billingApi.connectCancelSubscription, async ({ body, headers, idTokens }) => {
  const org = await orgForBilling({ headers, idTokens }, body.orgId, body.region, body.workspaceStripeAccountId);
  if ((org.org.subscription as { id?: string } | undefined)?.id !== body.subscriptionId) throw new HttpError(403, M.connectCancelFailed);
  try {
    const sub = await stripeClient().subscriptions.update(body.subscriptionId, { cancel_at_period_end: true }, { stripeAccount: org.agency.accountId! });
    return { body: { subscription: { id: sub.id, status: sub.status, cancel_at_period_end: sub.cancel_at_period_end } } };
  } catch (error) {
    throw stripeFailure(error, M.connectCancelFailed);
  }
});
