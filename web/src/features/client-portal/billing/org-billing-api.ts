// The org's billing on its agency's connected account (billingApi's Connect calls). The bearer is the signed-in
// client's (or the agency admin's) ID token; the server checks the caller belongs to the org and always uses the
// org's own customer and its agency's account, so these only name what the page shows.
import { billingApi, type EndpointOutput, type Region } from '@parley/core';
import type { User } from 'firebase/auth';
import { callApi } from '../../../lib/api';

export interface OrgBillingTarget {
  user: Pick<User, 'getIdToken'>;
  region: Region;
  orgId: string;
}

export type ConnectAccount = EndpointOutput<typeof billingApi.getConnectAccountId>;
export type AgencyPlan = EndpointOutput<typeof billingApi.getPlans>['plans'][number];
export type OrgPaymentMethod = EndpointOutput<typeof billingApi.getConnectPaymentMethods>['paymentMethod'];
export type OrgInvoice = EndpointOutput<typeof billingApi.getConnectInvoices>['invoices']['data'][number];
export type PrePaidAnswer = EndpointOutput<typeof billingApi.connectPrePaid>;

const bearer = (t: OrgBillingTarget) => t.user.getIdToken();
const orgRef = (t: OrgBillingTarget) => ({ orgId: t.orgId, region: t.region });

export async function fetchConnectAccount(t: OrgBillingTarget, agencyUserId: string): Promise<ConnectAccount> {
  return callApi(billingApi.getConnectAccountId, { params: { agencyUserId, region: t.region }, bearer: await bearer(t) });
}

export async function fetchAgencyPlans(t: OrgBillingTarget, agencyAccountId: string): Promise<AgencyPlan[]> {
  return (await callApi(billingApi.getPlans, { params: { agencyAccountId }, bearer: await bearer(t) })).plans;
}

export async function fetchOrgPaymentMethod(t: OrgBillingTarget, customerId: string, accountId: string): Promise<OrgPaymentMethod> {
  return (await callApi(billingApi.getConnectPaymentMethods, { params: { customerId, accountId }, query: orgRef(t), bearer: await bearer(t) })).paymentMethod;
}

export async function fetchOrgInvoices(t: OrgBillingTarget, customerId: string, accountId: string): Promise<OrgInvoice[]> {
  return (await callApi(billingApi.getConnectInvoices, { params: { customerId, accountId }, query: orgRef(t), bearer: await bearer(t) })).invoices.data;
}

export async function updateOrgPayment(t: OrgBillingTarget, input: { paymentMethodId: string; accountId: string; userId?: string; agencyId?: string }) {
  return callApi(billingApi.connectUpdatePayment, {
    body: { ...orgRef(t), paymentMethodId: input.paymentMethodId, workspaceStripeAccountId: input.accountId, ...(input.userId ? { userId: input.userId } : {}), ...(input.agencyId ? { agencyId: input.agencyId } : {}) },
    bearer: await bearer(t),
  });
}

export async function updateOrgAutoRecharge(t: OrgBillingTarget, input: { enabled: boolean; threshold: number; amount: number; monthlyLimit: number; accountId: string; customerId?: string }) {
  return callApi(billingApi.connectUpdateAutoRecharge, {
    body: {
      ...orgRef(t), automaticBilling: input.enabled, threshold: input.threshold, amount: input.amount, monthlyLimit: input.monthlyLimit, workspaceStripeAccountId: input.accountId,
      ...(input.customerId ? { customer_id: input.customerId } : {}),
    },
    bearer: await bearer(t),
  });
}

export async function buyOrgCredits(t: OrgBillingTarget, input: { credits: number; requestId: string; clientId?: string; workspaceId?: string }): Promise<PrePaidAnswer> {
  return callApi(billingApi.connectPrePaid, {
    body: { ...orgRef(t), creditAmount: input.credits, requestId: input.requestId, ...(input.clientId ? { clientId: input.clientId } : {}), ...(input.workspaceId ? { workspaceId: input.workspaceId } : {}) },
    bearer: await bearer(t),
  });
}

export async function startPlanCheckout(t: OrgBillingTarget, input: { priceId: string; accountId: string; customerId?: string; customerEmail?: string; successUrl: string; cancelUrl: string }): Promise<string> {
  const answer = await callApi(billingApi.createAgencySubscriptionSession, {
    body: {
      ...orgRef(t), priceId: input.priceId, workspaceStripeAccountId: input.accountId, successUrl: input.successUrl, cancelUrl: input.cancelUrl,
      ...(input.customerId ? { customerId: input.customerId } : {}), ...(input.customerEmail ? { customerEmail: input.customerEmail } : {}),
    },
    bearer: await bearer(t),
  });
  return answer.sessionUrl;
}

export async function cancelOrgSubscription(t: OrgBillingTarget, input: { subscriptionId: string; accountId: string }) {
  return callApi(billingApi.connectCancelSubscription, { body: { ...orgRef(t), subscriptionId: input.subscriptionId, workspaceStripeAccountId: input.accountId }, bearer: await bearer(t) });
}
