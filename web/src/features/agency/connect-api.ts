// Payment-connect (Stripe Connect) calls of the Auto Billing tab, each through its contract in @parley/core
// (billingApi), and the agency's stripeConnect state read from its own workspace record.
import { billingApi, paymentConnectSchema, type EndpointOutput, type PaymentConnect, type Region } from '@parley/core';
import { doc, getDoc } from 'firebase/firestore/lite';
import { callApi } from '../../lib/api';
import { db } from '../../lib/firestore';
import { workspaceBearer, type CurrentWorkspace } from '../../lib/workspace-context';

export type ConnectTarget = Pick<CurrentWorkspace, 'secret' | 'user' | 'workspace' | 'region'>;
export type AgencyPlan = EndpointOutput<typeof billingApi.getPlans>['plans'][number];
export type AgencyPlanInput = Omit<AgencyPlan, 'price'> & { price?: number };

/** users/{uid}.stripeConnect as stored (defaults filled); the rules let the owner and members read it. */
export async function readConnectState(region: Region, uid: string): Promise<PaymentConnect> {
  const snap = await getDoc(doc(db(region), 'users', uid));
  const parsed = paymentConnectSchema.safeParse(snap.data()?.stripeConnect ?? {});
  return parsed.success ? parsed.data : paymentConnectSchema.parse({});
}

const workspaceOf = (t: ConnectTarget) => ({ uid: t.workspace.uid, region: t.region, ...(t.user.email ? { email: t.user.email } : {}) });

/** Step 1: the agency's Express account (the server answers the same one on a second call). */
export async function createConnectAccount(t: ConnectTarget) {
  return callApi(billingApi.connectCreateAccount, { body: { workspace: workspaceOf(t) }, bearer: await workspaceBearer(t) });
}

/** Where Stripe's onboarding continues; it returns to this tab. */
export async function connectAccountLink(t: ConnectTarget, returnUrl: string) {
  return callApi(billingApi.connectAccountLink, { body: { workspace: workspaceOf(t), returnUrl }, bearer: await workspaceBearer(t) });
}

/** Step 2: USDPerToken; saving it also turns the agency's subscription plans on. */
export async function saveBillingSettings(t: ConnectTarget, USDPerToken: number) {
  return callApi(billingApi.saveConnectBillingSettings, {
    body: { workspaceId: t.workspace.uid, region: t.region, USDPerToken, allowPlans: true },
    bearer: await workspaceBearer(t),
  });
}

export async function upsertAgencyPlans(t: ConnectTarget, agencyAccountId: string, plans: AgencyPlanInput[]) {
  return callApi(billingApi.upsertAgencyPlans, {
    body: { agencyAccountId, workspaceId: t.workspace.uid, region: t.region, plans },
    bearer: await workspaceBearer(t),
  });
}

export async function getAgencyPlans(t: ConnectTarget, agencyAccountId: string) {
  return callApi(billingApi.getPlans, { params: { agencyAccountId }, bearer: await workspaceBearer(t) });
}
