// Workspace billing calls (billingApi in @parley/core). Bearer = the workspace secret or the signed-in user's ID
// token (lib/workspace-context workspaceBearer); every call names the workspace (its owner's uid) and its region.
import { billingApi, type EndpointBody, type EndpointOutput } from '@parley/core';
import { callApi } from '../../lib/api';
import { workspaceBearer, type CurrentWorkspace } from '../../lib/workspace-context';

export type BillingTarget = Pick<CurrentWorkspace, 'secret' | 'user' | 'workspace' | 'region'>;
export type BillingCatalogue = EndpointOutput<typeof billingApi.getBillingCatalogue>;
export type UserBillingData = EndpointOutput<typeof billingApi.getUserBillingData>;
export type SubscriptionAnswer = EndpointOutput<typeof billingApi.createSubscription>;
export type CreditsAnswer = EndpointOutput<typeof billingApi.purchaseCredits>;
export type DiscountAnswer = EndpointOutput<typeof billingApi.checkDiscountCode>['discount'];

const ref = (t: BillingTarget) => ({ userId: t.workspace.uid, region: t.region });

export async function fetchCatalogue(t: BillingTarget): Promise<BillingCatalogue> {
  return callApi(billingApi.getBillingCatalogue, { query: ref(t), bearer: await workspaceBearer(t) });
}

export async function fetchUserBillingData(t: BillingTarget): Promise<UserBillingData> {
  return callApi(billingApi.getUserBillingData, { body: ref(t), bearer: await workspaceBearer(t) });
}

export async function checkDiscountCode(t: BillingTarget, discountCode: string): Promise<DiscountAnswer> {
  const answer = await callApi(billingApi.checkDiscountCode, { body: { ...ref(t), discountCode }, bearer: await workspaceBearer(t) });
  return answer.discount;
}

type SubscribeInput = Omit<EndpointBody<typeof billingApi.createSubscription>, 'userId' | 'region'>;

export async function createSubscription(t: BillingTarget, input: SubscribeInput): Promise<SubscriptionAnswer> {
  return callApi(billingApi.createSubscription, { body: { ...ref(t), ...input }, bearer: await workspaceBearer(t) });
}

export async function confirmSubscriptionPayment(t: BillingTarget, paymentIntentId: string, subscriptionId: string) {
  return callApi(billingApi.confirmSubscriptionPayment, { body: { ...ref(t), paymentIntentId, subscriptionId }, bearer: await workspaceBearer(t) });
}

export async function purchaseCredits(t: BillingTarget, credits: number, requestId: string): Promise<CreditsAnswer> {
  return callApi(billingApi.purchaseCredits, { body: { ...ref(t), credits, requestId }, bearer: await workspaceBearer(t) });
}

type SaveCardInput = Omit<EndpointBody<typeof billingApi.upsertPaymentMethod>, 'userId' | 'region'>;

/** Saves the card Stripe.js made as the customer's default (later purchases charge it). */
export async function savePaymentMethod(t: BillingTarget, input: SaveCardInput) {
  return callApi(billingApi.upsertPaymentMethod, { body: { ...ref(t), ...input }, bearer: await workspaceBearer(t) });
}

// ---- Account: invoices, auto-recharge, USD top-up, cancel and reactivate.
export type Invoice = EndpointOutput<typeof billingApi.getInvoices>['invoices'][number];
export type AutoRechargeInput = Omit<EndpointBody<typeof billingApi.updateAutoRecharge>, 'userId' | 'region'>;

export async function fetchInvoices(t: BillingTarget): Promise<Invoice[]> {
  return (await callApi(billingApi.getInvoices, { body: ref(t), bearer: await workspaceBearer(t) })).invoices;
}

export async function updateAutoRecharge(t: BillingTarget, input: AutoRechargeInput) {
  return callApi(billingApi.updateAutoRecharge, { body: { ...ref(t), ...input }, bearer: await workspaceBearer(t) });
}

export async function topUpUsd(t: BillingTarget, input: Omit<EndpointBody<typeof billingApi.topUpUsd>, 'userId' | 'region'>) {
  return callApi(billingApi.topUpUsd, { body: { ...ref(t), ...input }, bearer: await workspaceBearer(t) });
}

export async function cancelSubscription(t: BillingTarget, reason: EndpointBody<typeof billingApi.cancelSubscription>['reason'], otherReason: string) {
  return callApi(billingApi.cancelSubscription, { body: { ...ref(t), reason, otherReason }, bearer: await workspaceBearer(t) });
}

export async function reactivateSubscription(t: BillingTarget) {
  return callApi(billingApi.reactivateSubscription, { body: ref(t), bearer: await workspaceBearer(t) });
}
