// POST /stripe/get-invoices: the 4 latest invoices with number, date and hosted link.
import { billingApi, INVOICES_SHOWN } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

export const getInvoicesEndpoint = defineEndpoint(billingApi.getInvoices, async ({ body, headers, idTokens }) => {
  const b = await workspaceForBilling({ headers, idTokens }, body.userId, body.region);
  if (!b.customerId) return { body: { invoices: [] } };
  try {
    const list = await stripeClient().invoices.list({ customer: b.customerId, limit: INVOICES_SHOWN });
    return { body: { invoices: list.data.map((i) => ({ id: i.id ?? '', number: i.number ?? null, created: i.created, hosted_invoice_url: i.hosted_invoice_url ?? null })) } };
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.loadFailed);
  }
});
