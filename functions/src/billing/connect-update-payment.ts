// POST /stripe/connect/update-payment: the org's card (made by Stripe.js on the agency's account) becomes its default.
import { billingApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { orgForBilling } from './billing-state';
import { ensureOrgCustomer } from './connect-org-customer';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

const M = billingApi.BILLING_API_MESSAGES;

export const connectUpdatePaymentEndpoint = defineEndpoint(billingApi.connectUpdatePayment, async ({ body, headers, idTokens }) => {
  const org = await orgForBilling({ headers, idTokens }, body.orgId, body.region, body.workspaceStripeAccountId);
  const stripeAccount = org.agency.accountId!;
  const stripe = stripeClient();
  try {
    const customerId = await ensureOrgCustomer(org);
    const pm = await stripe.paymentMethods.retrieve(body.paymentMethodId, {}, { stripeAccount });
    if (pm.customer && pm.customer !== customerId) throw new HttpError(403, M.updatePaymentFailed);
    if (!pm.customer) await stripe.paymentMethods.attach(pm.id, { customer: customerId }, { stripeAccount, idempotencyKey: `attach-${pm.id}-${customerId}` });
    await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } }, { stripeAccount });
    return { body: { customer: { id: customerId } } };
  } catch (error) {
    throw stripeFailure(error, M.updatePaymentFailed);
  }
});
