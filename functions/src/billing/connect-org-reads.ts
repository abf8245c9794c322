// The org billing modal's reads on its agency's connected account: card, billing details, invoices (first 4). The
// customer must be the org's own (orgs/{id}.stripeCustomerId), never one the page names.
import { billingApi, INVOICES_SHOWN } from '@parley/core';
import type Stripe from 'stripe';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { orgForBilling, type OrgBilling } from './billing-state';
import { stripeClient } from './env';
import { defaultPaymentMethod, stripeFailure } from './stripe-helpers';

async function orgCustomer(request: Parameters<typeof orgForBilling>[0], q: { orgId: string; region: 'na' | 'eu' }, p: { customerId: string; accountId: string }): Promise<OrgBilling> {
  const org = await orgForBilling(request, q.orgId, q.region, p.accountId);
  if (org.org.stripeCustomerId !== p.customerId) throw new HttpError(403, billingApi.BILLING_API_MESSAGES.notOrgMember);
  return org;
}

export const getConnectPaymentMethodsEndpoint = defineEndpoint(billingApi.getConnectPaymentMethods, async ({ params, query, headers, idTokens }) => {
  const org = await orgCustomer({ headers, idTokens }, query, params);
  try {
    const pm = await defaultPaymentMethod(params.customerId, org.agency.accountId!);
    return { body: { paymentMethod: pm?.card ? { id: pm.id, card: { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year }, customer: params.customerId } : null } };
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.loadFailed);
  }
});

export const getConnectBillingDetailsEndpoint = defineEndpoint(billingApi.getConnectBillingDetails, async ({ params, query, headers, idTokens }) => {
  const org = await orgCustomer({ headers, idTokens }, query, params);
  try {
    const c = (await stripeClient().customers.retrieve(params.customerId, {}, { stripeAccount: org.agency.accountId! })) as Stripe.Customer;
    return { body: { customer: { id: c.id, email: c.email ?? null, name: c.name ?? null } } };
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.loadFailed);
  }
});

export const getConnectInvoicesEndpoint = defineEndpoint(billingApi.getConnectInvoices, async ({ params, query, headers, idTokens }) => {
  const org = await orgCustomer({ headers, idTokens }, query, params);
  try {
    const list = await stripeClient().invoices.list({ customer: params.customerId, limit: INVOICES_SHOWN }, { stripeAccount: org.agency.accountId! });
    return { body: { invoices: { data: list.data.map((i) => ({ id: i.id ?? '', number: i.number ?? null, created: i.created, hosted_invoice_url: i.hosted_invoice_url ?? null })) } } };
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.loadFailed);
  }
});
