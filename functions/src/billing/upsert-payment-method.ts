// POST /stripe/upsert-payment-method: the card Stripe.js created becomes the customer's default (billing details as
// entered; the e-mail stays the account's).
import { billingApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { ensureCustomer, stripeFailure } from './stripe-helpers';

const M = billingApi.BILLING_API_MESSAGES;

export const upsertPaymentMethodEndpoint = defineEndpoint(billingApi.upsertPaymentMethod, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region, { ownerOnly: true });
  const stripe = stripeClient();
  try {
    const customerId = await ensureCustomer(databaseFor(b.region), b, body.email);
    const pm = await stripe.paymentMethods.retrieve(body.paymentMethodId);
    if (pm.customer && pm.customer !== customerId) throw new HttpError(403, M.updatePaymentFailed);
    if (!pm.customer) await stripe.paymentMethods.attach(pm.id, { customer: customerId }, { idempotencyKey: `attach-${pm.id}-${customerId}` });
    const address = body.address ? Object.fromEntries(Object.entries(body.address).filter(([, v]) => typeof v === 'string')) : undefined;
    await stripe.paymentMethods.update(pm.id, { billing_details: { name: body.name, phone: body.phone, email: b.email ?? body.email, ...(address ? { address } : {}) } });
    await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id }, ...(address?.country ? { address: { country: String(address.country) } } : {}) });
    return { body: { customerId } };
  } catch (error) {
    throw stripeFailure(error, M.savePaymentFailed);
  }
});
