// The billing state of what a caller may act on: access (functions/src/access/billing.ts) decides who may, this
// reads the workspace's billing, the agency's Connect settings and an org's billing from the records it let through.
import type { Region } from '@parley/core';
import type { DocumentData } from 'firebase-admin/firestore';
import { requireAutoBillingOwner, requireBillingWorkspace, requireOrgBilling, type BearerRequest, type Caller } from '../access';
import { billingOf, type WorkspaceBilling } from './billing-records';

/** The workspace's billing state, once the caller may act on it. */
export async function workspaceForBilling(request: BearerRequest, userId: string, region: Region, opts: { ownerOnly?: boolean } = {}): Promise<WorkspaceBilling & { caller: Caller }> {
  const found = await requireBillingWorkspace(request, userId, region, opts);
  return { ...billingOf(found.uid, found.region, found.snapshot.data()), caller: found.caller };
}

export interface ConnectState {
  uid: string;
  region: Region;
  accountId: string | null;
  isConnected: boolean;
  usdPerToken: number;
  allowPlans: boolean;
  plans: DocumentData[];
}

export function connectOf(uid: string, region: Region, data: DocumentData | undefined): ConnectState {
  const c = (data?.stripeConnect ?? {}) as DocumentData;
  return {
    uid,
    region,
    accountId: typeof c.accountId === 'string' ? c.accountId : null,
    isConnected: c.isConnected === true,
    usdPerToken: typeof c.USDPerToken === 'number' ? c.USDPerToken : 0.003,
    allowPlans: c.allowPlans === true,
    plans: Array.isArray(c.plans) ? c.plans : [],
  };
}

/** The agency owner's own Connect state, for its Auto Billing setup. */
export async function agencyConnect(request: BearerRequest, uid: string, region: Region): Promise<ConnectState & { email: string | null }> {
  const found = await requireAutoBillingOwner(request, uid, region);
  const data = found.snapshot.data();
  return { ...connectOf(found.uid, found.region, data), email: typeof data?.email === 'string' ? data.email : null };
}

export interface OrgBilling {
  orgId: string;
  region: Region;
  org: DocumentData;
  agency: ConnectState;
  caller: Caller;
}

/** The org and its agency's connected account (connected, and the one the page sent), once the caller may bill it. */
export async function orgForBilling(request: BearerRequest, orgId: string, region: Region, claimedAccountId?: string): Promise<OrgBilling> {
  const { caller, org, ownerID, owner } = await requireOrgBilling(request, orgId, region, claimedAccountId);
  return { orgId, region, org, agency: connectOf(ownerID, region, owner), caller };
}
